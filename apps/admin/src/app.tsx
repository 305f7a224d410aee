import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LocaleContext } from './i18n/use-t';
import type { Locale } from './i18n/messages';
import { useStaffSession } from './features/shell/use-staff-session';
import { ConsoleLayout } from './features/shell/console-layout';
import { HomePage } from './features/shell/home-page';
import { SignInPage } from './features/sign-in/sign-in-page';
import { StaffPage } from './features/staff/staff-page';
import { AuditPage } from './features/audit/audit-page';
import { PromoCodesPage } from './features/promo-codes/promo-codes-page';
import { OffersPage } from './features/offers/offers-page';
import { CustomersPage } from './features/customers/customers-page';
import { ChartsPage } from './features/charts/charts-page';
import { JobsPage } from './features/jobs/jobs-page';
import { ChannelsPage } from './features/channels/channels-page';
import { HomeRowsPage } from './features/home-rows/home-rows-page';
import { SchedulePage } from './features/schedule/schedule-page';
import { LiveEventsPage } from './features/live-events/live-events-page';
import { GuideImportPage } from './features/guide-import/guide-import-page';
import { SecurityPage } from './features/security/security-page';
import { CataloguePage } from './features/catalogue/catalogue-page';
import { SeriesListPage } from './features/series/series-page';
import { SeriesEditorPage } from './features/series/series-editor';
import { CollectionEditorPage, CollectionsPage } from './features/collections/collections-page';
import { Status } from './features/shell/status';
import { RoleGate } from './features/shell/role-gate';

/** The console's screens once signed in; the sign-in otherwise (decision 080). */
function Console() {
  const session = useStaffSession();
  if (session.isPending) return <Status kind="loading" />;
  if (!session.data) return <SignInPage onSignedIn={() => void session.refetch()} />;
  const staff = session.data;
  return (
    <Routes>
      <Route element={<ConsoleLayout staff={staff} />}>
        <Route index element={<HomePage staff={staff} />} />
        {['promo-codes', 'promo-codes/:code'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <RoleGate staff={staff} roles={['editor', 'finance']}>
                <PromoCodesPage me={staff} />
              </RoleGate>
            }
          />
        ))}
        <Route
          path="offers"
          element={
            <RoleGate staff={staff} roles={['finance']}>
              <OffersPage />
            </RoleGate>
          }
        />
        {['customers', 'customers/:id'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <RoleGate staff={staff} roles={['support', 'finance']}>
                <CustomersPage me={staff} />
              </RoleGate>
            }
          />
        ))}
        <Route
          path="money"
          element={
            <RoleGate staff={staff} roles={['finance']}>
              <ChartsPage key="money" kind="money" />
            </RoleGate>
          }
        />
        <Route
          path="health"
          element={
            <RoleGate staff={staff} roles={['editor', 'support', 'finance']}>
              <ChartsPage key="health" kind="health" />
            </RoleGate>
          }
        />
        <Route
          path="staff"
          element={
            <RoleGate staff={staff} roles={['admin']}>
              <StaffPage me={staff} />
            </RoleGate>
          }
        />
        <Route
          path="audit"
          element={
            <RoleGate staff={staff} roles={['admin']}>
              <AuditPage />
            </RoleGate>
          }
        />
        <Route
          path="jobs"
          element={
            <RoleGate staff={staff} roles={['support']}>
              <JobsPage me={staff} />
            </RoleGate>
          }
        />
        {/* Series, seasons, episodes and collections (decision 105). */}
        {(
          [
            ['series', <SeriesListPage key="list" />],
            ['series/:id', <SeriesEditorPage key="one" />],
            ['collections', <CollectionsPage key="list" />],
            ['collections/:id', <CollectionEditorPage key="one" />],
          ] as const
        ).map(([path, page]) => (
          <Route
            key={path}
            path={path}
            element={
              <RoleGate staff={staff} roles={['editor']}>
                {page}
              </RoleGate>
            }
          />
        ))}
        {['catalogue', 'catalogue/:id'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <RoleGate staff={staff} roles={['editor']}>
                <CataloguePage />
              </RoleGate>
            }
          />
        ))}
        {/* Every member's own second factors (decision 095). */}
        <Route path="security" element={<SecurityPage />} />
        <Route
          path="channels"
          element={
            <RoleGate staff={staff} roles={['editor']}>
              <ChannelsPage />
            </RoleGate>
          }
        />
        {/* The home's rows and their preview per kind of viewer (decision 106). */}
        <Route
          path="home-rows"
          element={
            <RoleGate staff={staff} roles={['editor']}>
              <HomeRowsPage />
            </RoleGate>
          }
        />
        {/* XMLTV and M3U imports from the browser (decision 103). */}
        <Route
          path="channels/import"
          element={
            <RoleGate staff={staff} roles={['editor']}>
              <GuideImportPage />
            </RoleGate>
          }
        />
        {/* Live events, their countdown and replay (decision 108). */}
        <Route
          path="live-events"
          element={
            <RoleGate staff={staff} roles={['editor']}>
              <LiveEventsPage />
            </RoleGate>
          }
        />
        {/* One channel's guide, a day at a time (decision 103). */}
        <Route
          path="channels/:id/schedule"
          element={
            <RoleGate staff={staff} roles={['editor']}>
              <SchedulePage />
            </RoleGate>
          }
        />
        <Route path="*" element={<HomePage staff={staff} />} />
      </Route>
    </Routes>
  );
}

export function App({ locale, client }: { locale: Locale; client?: QueryClient }) {
  const [queryClient] = useState(
    () => client ?? new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <LocaleContext.Provider value={locale}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/admin">
          <Console />
        </BrowserRouter>
      </QueryClientProvider>
    </LocaleContext.Provider>
  );
}
