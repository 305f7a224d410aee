// @playz/domain: pure rules shared by server, web and tv (CONVENTIONS §3). No I/O, no dependencies.

export * from './constants';

export * from './errors/api-error-catalogue';
export * from './errors/api-error';
export * from './errors/client-error-messages';

export * from './validation/validation-message-key';
export * from './validation/login.validator';
export * from './validation/password.validator';
export * from './validation/required.validator';
export * from './validation/french-phone.validator';
export * from './validation/parental-code.validator';
export * from './validation/promo-code.validator';
export * from './validation/operator.validator';
export * from './validation/card.validator';
export * from './validation/forms.validator';
export * from './validation/safe-return-path.validator';
export * from './validation/date-of-birth.validator';

export * from './format/clock.format';
export * from './format/time-left';
export * from './format/cookie-expiry.format';
export * from './format/price.format';
export * from './format/locale';
export * from './format/slug';
export * from './format/campaign-window';
export * from './format/zoned-time';

export * from './playback/stream-quality';
export * from './playback/player-target';
export * from './playback/seek';
export * from './playback/resume';
export * from './playback/quality-report';

export * from './live/live-event-state';
export * from './live/channel-schedule';

export * from './entitlements';
export * from './live/programme-status';

export * from './billing';

export * from './ratings/content-rating';
