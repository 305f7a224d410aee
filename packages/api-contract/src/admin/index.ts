import * as artwork from './artwork';
import * as catalogue from './catalogue';
import * as catalogueTracks from './catalogue-tracks';
import * as channels from './channels';
import * as charts from './charts';
export * from './admin-endpoint';
import * as customers from './customers';
import * as guideImport from './guide-import';
import * as homeRows from './home-rows';
import * as jobs from './jobs';
import * as liveEvents from './live-events';
import * as promoCodes from './promo-codes';
import * as schedule from './schedule';
import * as series from './series';
import * as collections from './collections';
import * as passkeys from './passkeys';
import * as offers from './offers';
import * as staff from './staff';
export * from './artwork';
export * from './catalogue';
export * from './catalogue-tracks';
export * from './channels';
export * from './charts';
export * from './customers';
export * from './guide-import';
export * from './home-rows';
export * from './jobs';
export * from './live-events';
export * from './operator-time';
export * from './promo-codes';
export * from './schedule';
export * from './series';
export * from './collections';
export * from './passkeys';
export * from './offers';
export * from './staff';

/** Every console call (decision 080), by name: the server registers them, the console calls them. */
export const adminEndpoints = {
  moneyCharts: charts.moneyCharts,
  healthCharts: charts.healthCharts,
  staffSignInPassword: staff.staffSignInPassword,
  staffSignInSecondFactor: staff.staffSignInSecondFactor,
  staffSession: staff.staffSession,
  staffSignOut: staff.staffSignOut,
  listStaff: staff.listStaff,
  createStaff: staff.createStaff,
  disableStaff: staff.disableStaff,
  listAudit: staff.listAudit,
  staffPasskeySignInOptions: passkeys.staffPasskeySignInOptions,
  staffPasskeySignIn: passkeys.staffPasskeySignIn,
  listPasskeys: passkeys.listPasskeys,
  passkeyRegistrationOptions: passkeys.passkeyRegistrationOptions,
  registerPasskey: passkeys.registerPasskey,
  removePasskey: passkeys.removePasskey,
  removeTotp: passkeys.removeTotp,
  findCustomers: customers.findCustomers,
  getCustomer: customers.getCustomer,
  endCustomerSessions: customers.endCustomerSessions,
  endCustomerSession: customers.endCustomerSession,
  getCustomerMessages: customers.getCustomerMessages,
  unlockCustomer: customers.unlockCustomer,
  resendCustomerMail: customers.resendCustomerMail,
  grantGoodwill: customers.grantGoodwill,
  refundPayment: customers.refundPayment,
  exportCustomer: customers.exportCustomer,
  deleteCustomer: customers.deleteCustomer,
  listPromoCodes: promoCodes.listPromoCodes,
  getPromoCode: promoCodes.getPromoCode,
  createPromoCode: promoCodes.createPromoCode,
  disablePromoCode: promoCodes.disablePromoCode,
  listOffers: offers.listOffers,
  replaceOffer: offers.replaceOffer,
  hideOffer: offers.hideOffer,
  showOffer: offers.showOffer,
  listJobQueues: jobs.listJobQueues,
  listFailedJobs: jobs.listFailedJobs,
  retryFailedJob: jobs.retryFailedJob,
  retryAllFailedJobs: jobs.retryAllFailedJobs,
  discardFailedJob: jobs.discardFailedJob,
  listUploads: catalogue.listUploads,
  getUpload: catalogue.getUpload,
  listCatalogueContents: catalogue.listCatalogueContents,
  getCatalogueContent: catalogue.getCatalogueContent,
  updateCatalogueContent: catalogue.updateCatalogueContent,
  publishCatalogueContent: catalogue.publishCatalogueContent,
  unpublishCatalogueContent: catalogue.unpublishCatalogueContent,
  setCatalogueContentArtwork: catalogue.setCatalogueContentArtwork,
  getContentTracks: catalogueTracks.getContentTracks,
  addContentSubtitle: catalogueTracks.addContentSubtitle,
  addContentAudio: catalogueTracks.addContentAudio,
  removeContentTrack: catalogueTracks.removeContentTrack,
  setContentProtection: catalogueTracks.setContentProtection,
  getCatalogueContentArtwork: artwork.getCatalogueContentArtwork,
  getAdminSeriesArtwork: artwork.getAdminSeriesArtwork,
  setAdminSeriesArtwork: artwork.setAdminSeriesArtwork,
  getAdminLiveEventArtwork: artwork.getAdminLiveEventArtwork,
  setAdminLiveEventArtwork: artwork.setAdminLiveEventArtwork,
  listAdminChannels: channels.listAdminChannels,
  reorderAdminChannels: channels.reorderAdminChannels,
  hideAdminChannel: channels.hideAdminChannel,
  showAdminChannel: channels.showAdminChannel,
  getAdminChannelSchedule: schedule.getAdminChannelSchedule,
  searchScheduleContents: schedule.searchScheduleContents,
  addScheduleEntry: schedule.addScheduleEntry,
  changeScheduleEntry: schedule.changeScheduleEntry,
  removeScheduleEntry: schedule.removeScheduleEntry,
  previewGuideImport: guideImport.previewGuideImport,
  applyGuideImport: guideImport.applyGuideImport,
  listAdminLiveEvents: liveEvents.listAdminLiveEvents,
  createAdminLiveEvent: liveEvents.createAdminLiveEvent,
  updateAdminLiveEvent: liveEvents.updateAdminLiveEvent,
  hideAdminLiveEvent: liveEvents.hideAdminLiveEvent,
  showAdminLiveEvent: liveEvents.showAdminLiveEvent,
  setAdminLiveEventReplay: liveEvents.setAdminLiveEventReplay,
  listHomeRows: homeRows.listHomeRows,
  createHomeRow: homeRows.createHomeRow,
  reorderHomeRows: homeRows.reorderHomeRows,
  previewHomeRows: homeRows.previewHomeRows,
  updateHomeRow: homeRows.updateHomeRow,
  hideHomeRow: homeRows.hideHomeRow,
  showHomeRow: homeRows.showHomeRow,
  deleteHomeRow: homeRows.deleteHomeRow,
  searchHomeRowLists: homeRows.searchHomeRowLists,
  listAdminSeries: series.listAdminSeries,
  createAdminSeries: series.createAdminSeries,
  getAdminSeries: series.getAdminSeries,
  updateAdminSeries: series.updateAdminSeries,
  publishAdminSeries: series.publishAdminSeries,
  unpublishAdminSeries: series.unpublishAdminSeries,
  addAdminSeason: series.addAdminSeason,
  removeAdminSeason: series.removeAdminSeason,
  attachAdminEpisode: series.attachAdminEpisode,
  reorderAdminEpisodes: series.reorderAdminEpisodes,
  detachAdminEpisode: series.detachAdminEpisode,
  listAdminCollections: collections.listAdminCollections,
  getAdminCollection: collections.getAdminCollection,
  createAdminCollection: collections.createAdminCollection,
  updateAdminCollection: collections.updateAdminCollection,
  hideAdminCollection: collections.hideAdminCollection,
  showAdminCollection: collections.showAdminCollection,
  deleteAdminCollection: collections.deleteAdminCollection,
};
