import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../../app';
import { translate } from '../../i18n/use-t';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';
import { csvOf } from './chart-data';

// uPlot draws on a canvas jsdom does not have: a stand-in records what each chart was given.
type Axis = { values?: (u: unknown, ticks: number[]) => string[]; space?: number };
const plots = vi.hoisted(() => [] as { series: { label?: string }[]; data: unknown[]; axes: Axis[] }[]);
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    constructor(options: { series: { label?: string }[]; axes: Axis[] }, data: unknown[]) {
      plots.push({ series: options.series, data, axes: options.axes });
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const FINANCE = { ...ANA, id: 4, email: 'fin@playz.fr', name: 'Fin', roles: ['finance'] };
const EDITOR = { ...ANA, id: 5, email: 'ed@playz.fr', name: 'Ed', roles: ['editor'] };
const DAYS = ['2026-11-27', '2026-11-28', '2026-11-29'];
const own = (key: string, values: (number | null)[]) => ({ key, name: null, currency: null, values });
const MONEY = {
  from: DAYS[0],
  to: DAYS[2],
  days: DAYS,
  charts: [
    { id: 'subscribers', unit: 'count', series: [own('active', [3, 3, 2])] },
    { id: 'signUps', unit: 'count', series: [own('signUps', [2, 1, 0]), own('cancellations', [0, 1, 0])] },
    {
      id: 'mrr',
      unit: 'cents',
      series: [{ key: 'offer-1-EUR', name: 'Mensuel', currency: 'EUR', values: [2497, 999, 999] }],
    },
    { id: 'renewals', unit: 'count', series: [own('renewals', [2, 0, 0]), own('refusals', [1, 1, 0])] },
    { id: 'refunds', unit: 'count', series: [own('refunds', [0, 2, 1])] },
    { id: 'refunded', unit: 'cents', series: [] },
  ],
};
const HEALTH = {
  ...MONEY,
  charts: [
    { id: 'plays', unit: 'count', series: [own('plays', [6, 1, 0])] },
    { id: 'startup', unit: 'ms', series: [own('p50', [300, 50, null]), own('p90', [1000, 50, null])] },
    { id: 'stalls', unit: 'ratio', series: [own('stallsPerPlay', [0.5, 0, null])] },
    { id: 'errors', unit: 'count', series: [own('errors', [1, 2, 0])] },
    {
      id: 'audience',
      unit: 'count',
      series: [own('pageViews', [3, 1, 0]), own('visitors', [2, 1, 0]), own('visits', [2, 1, 0])],
    },
  ],
};

function renderAt(path: string, locale: 'fr' | 'en' = 'fr') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}

describe('the Money and Health pages (decision 091)', () => {
  it('spec console: finance sees the money charts, each with its legend, its data table and its CSV', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /charts/money': () => ({ response: MONEY }),
    });
    plots.length = 0;
    renderAt('/money');
    const nav = await screen.findByRole('navigation', { name: 'Sections de la console' });
    expect(within(nav).getByRole('link', { name: 'Argent' })).toBeDefined();
    expect(within(nav).getByRole('link', { name: 'Santé' })).toBeDefined();

    const mrr = await screen.findByRole('region', { name: 'Revenu récurrent mensuel par offre' });
    // The data table, reachable by keyboard (a summary) and read by screen readers: euros, not cents.
    const table = within(mrr).getByRole('table', { name: 'Revenu récurrent mensuel par offre' });
    expect(within(table).getByRole('columnheader', { name: 'Mensuel (EUR)' })).toBeDefined();
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('2026-11-2724,97');
    expect(within(mrr).getByText('Voir les données').tagName).toBe('SUMMARY');
    // An empty chart says so rather than drawing nothing.
    expect(
      within(screen.getByRole('region', { name: 'Montants remboursés' })).getByText('Aucune donnée sur la période.'),
    );

    // Each chart drew its series under their names, in the viewer's language.
    await vi.waitFor(() => expect(plots).toHaveLength(5));
    expect(plots.map((p) => p.series.slice(1).map((s) => s.label))).toEqual([
      ['Abonnés actifs'],
      ['Inscriptions', 'Résiliations'],
      ['Mensuel (EUR)'],
      ['Renouvellements', 'Refus de paiement'],
      ['Remboursements'],
    ]);
    expect(plots[2]!.data[1]).toEqual([24.97, 9.99, 9.99]);

    expect(api.calls.map((c) => c.route)).toContain('GET /charts/money');
    // jsdom has no object URLs: the download's Blob is caught where the browser would make one.
    const created: Blob[] = [];
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (created.push(blob), 'blob:csv'),
      revokeObjectURL: () => {},
    });
    try {
      fireEvent.click(within(mrr).getByRole('button', { name: 'Télécharger en CSV' }));
    } finally {
      Object.assign(URL, saved);
    }
    expect(await created[0]!.text()).toBe(
      'Jour,Mensuel (EUR)\r\n2026-11-27,24.97\r\n2026-11-28,9.99\r\n2026-11-29,9.99\r\n',
    );
  });

  it('spec console: the range picker asks the server for the days chosen', async () => {
    const asked: (string | null)[][] = [];
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: FINANCE } }),
      'GET /charts/health': (_, url) => {
        asked.push([url.searchParams.get('from'), url.searchParams.get('to')]);
        return { response: HEALTH };
      },
    });
    renderAt('/health');
    await screen.findByRole('region', { name: 'Temps de démarrage (ms)' });
    const days = (pair: (string | null)[]) => (Date.parse(pair[1]!) - Date.parse(pair[0]!)) / 86_400_000 + 1;
    expect(days(asked[0]!)).toBe(30);
    fireEvent.change(screen.getByLabelText('Période'), { target: { value: '7' } });
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(days(asked[1]!)).toBe(7);
  });

  it('spec console: an editor opens Health (in English here) but not Money', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /charts/health': () => ({ response: HEALTH }),
    });
    renderAt('/health', 'en');
    const startup = await screen.findByRole('region', { name: 'Start-up time (ms)' });
    const rows = within(startup).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('DayMedian (p50)9 in 10 (p90)');
    expect(rows[3]!.textContent).toBe('2026-11-29——');
    const nav = await screen.findByRole('navigation', { name: /sections/i });
    expect(within(nav).queryByRole('link', { name: 'Money' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Health' })).toBeDefined();
  });

  it('spec console: a CSV quotes names with commas and leaves unmeasured days empty', () => {
    const t = (key: Parameters<typeof translate>[1]) => translate('fr', key);
    const csv = csvOf(t, ['2026-11-28', '2026-11-29'], {
      id: 'x',
      unit: 'ms',
      series: [{ key: 'a', name: 'Offre "1", annuelle', currency: null, values: [12, null] }, own('p50', [5, 6])],
    });
    expect(csv).toBe('Jour,"Offre ""1"", annuelle",Médiane (p50)\r\n2026-11-28,12,5\r\n2026-11-29,,6\r\n');
  });

  it('spec console: Health charts the concurrent streams per hour beside start-up and stalls, with their table and CSV (decision 116)', async () => {
    const hours = ['2026-11-29T00:00', '2026-11-29T01:00', '2026-11-29T02:00'];
    const streams = {
      id: 'streams',
      unit: 'count',
      points: hours,
      series: [
        own('streamsPeak', [2, null, 5]),
        own('streamsAverage', [1.3, null, 4.5]),
        own('streamsVod', [1, null, 3]),
        own('streamsLive', [1, null, 2]),
        own('streamsEvent', [0, null, 1]),
      ],
    };
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: EDITOR } }),
      'GET /charts/health': () => ({
        response: { ...HEALTH, from: '2026-11-29', to: '2026-11-29', days: ['2026-11-29'], charts: [streams] },
      }),
    });
    plots.length = 0;
    renderAt('/health', 'en');
    const region = await screen.findByRole('region', { name: 'Concurrent streams' });
    expect(within(region).getByText(/sampled each minute/)).toBeDefined();
    const rows = within(within(region).getByRole('table')).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('Hour (UTC)PeakAveragePeak films and episodesPeak channelsPeak live events');
    expect(rows.map((row) => row.firstChild!.textContent)).toEqual([
      'Hour (UTC)',
      '2026-11-29 00:00',
      '2026-11-29 01:00',
      '2026-11-29 02:00',
    ]);
    // An hour without a sample is not measured: shown as a dash, not zero.
    expect(rows[2]!.textContent).toBe('2026-11-29 01:00—————');
    // The chart is drawn over the hours (seconds since the epoch), not over the answer's one day.
    await vi.waitFor(() => expect(plots).toHaveLength(1));
    expect(plots[0]!.data[0]).toEqual(hours.map((h) => Date.parse(`${h}:00Z`) / 1000));
    expect(plots[0]!.data[1]).toEqual([2, null, 5]);
    // Hour ticks: a day's midnight names the day, the others only their hour (labels that fit).
    const ticks = [Date.parse('2026-11-29T00:00:00Z') / 1000, Date.parse('2026-11-29T13:00:00Z') / 1000];
    expect(plots[0]!.axes[0]!.values!(null, ticks)).toEqual(['Nov 29', '01:00 PM']);

    const created: Blob[] = [];
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (created.push(blob), 'blob:csv'),
      revokeObjectURL: () => {},
    });
    try {
      fireEvent.click(within(region).getByRole('button', { name: 'Download CSV' }));
    } finally {
      Object.assign(URL, saved);
    }
    expect(await created[0]!.text()).toBe(
      'Hour (UTC),Peak,Average,Peak films and episodes,Peak channels,Peak live events\r\n' +
        '2026-11-29 00:00,2,1.3,1,1,0\r\n2026-11-29 01:00,,,,,\r\n2026-11-29 02:00,5,4.5,3,2,1\r\n',
    );
  });
});
