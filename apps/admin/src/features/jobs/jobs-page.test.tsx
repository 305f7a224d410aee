import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../app';
import { ANA, fakeConsoleApi } from '../../test/fake-console-api';

// The console's Jobs page (decision 092): the queues' counts, a queue's dead-letter list paged on
// the server, retry one / retry all / discard for admin only, support reading.

const SUPPORT = { ...ANA, id: 3, email: 'sam@playz.fr', name: 'Sam', roles: ['support'] };
const QUEUES = {
  mode: 'queue',
  queues: [
    { name: 'billing-lifecycle', waiting: 1, running: 0, failed: 0, completedRecently: 100 },
    { name: 'live-event-alerts', waiting: 0, running: 1, failed: 30, completedRecently: 12 },
  ],
};
const failedRun = (n: number) => ({
  id: String(n),
  queue: 'live-event-alerts',
  name: 'live-event-alerts',
  payload: '{"apiKey":"[hidden]"}',
  attempts: 3,
  error: `SMTP 421 try ${n}`,
  failedAt: '2026-11-29T09:00:00.000Z',
});

function renderAt(path: string, locale: 'fr' | 'en' = 'fr') {
  window.history.pushState({}, '', `/admin${path}`);
  return render(<App locale={locale} />);
}

afterEach(() => vi.restoreAllMocks());

describe('spec console §money-and-health: the Jobs page (decision 092)', () => {
  it('shows each queue’s counts and opens the queue with failures; pages its dead-letter list on the server', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /jobs/queues': () => ({ response: QUEUES }),
      'GET /jobs/queues/live-event-alerts/failed': (_body, url) => {
        // The server's keyset (decision 116): the cursor is opaque to the console.
        const offset = url.searchParams.get('after') === 'after-25' ? 25 : 0;
        const limit = Number(url.searchParams.get('limit'));
        const all = Array.from({ length: 30 }, (_, i) => failedRun(i + 1));
        const next = offset + limit < all.length ? `after-${offset + limit}` : null;
        return { response: { jobs: all.slice(offset, offset + limit), total: 30, next } };
      },
    });
    renderAt('/jobs', 'en');
    const queueRow = await screen.findByRole('row', { name: /live-event-alerts/ });
    expect(
      within(queueRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['live-event-alerts', '0', '1', '30', '12']);
    expect(screen.getByText(/BullMQ queues on Redis/)).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Failures of live-event-alerts' });
    expect(await within(list).findByText('SMTP 421 try 1')).toBeInTheDocument();
    expect(within(list).getAllByText('{"apiKey":"[hidden]"}')).toHaveLength(25);
    expect(within(list).getByText('1–25 of 30')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Older' }));
    expect(await within(list).findByText('SMTP 421 try 26')).toBeInTheDocument();
    expect(within(list).getByText('26–30 of 30')).toBeInTheDocument();
    // The older page replaced the first: the server was asked for it, not the whole list filtered here.
    expect(within(list).queryByText('SMTP 421 try 1')).toBeNull();
    expect(within(list).getAllByText('{"apiKey":"[hidden]"}')).toHaveLength(5);
    const pages = api.calls.filter((c) => c.route === 'GET /jobs/queues/live-event-alerts/failed');
    expect(new Set(pages.map((c) => c.url.searchParams.get('after')))).toEqual(new Set([null, 'after-25']));
    fireEvent.click(within(list).getByRole('button', { name: 'Newer' }));
    expect(await within(list).findByText('SMTP 421 try 1')).toBeInTheDocument();
    expect(within(list).getByText('1–25 of 30')).toBeInTheDocument();
  });

  it('admin retries one run, discards one after confirming, retries all after confirming; a run gone meanwhile is said so', async () => {
    let retries = 0;
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: ANA } }),
      'GET /jobs/queues': () => ({ response: QUEUES }),
      'GET /jobs/queues/live-event-alerts/failed': () => ({
        response: { jobs: [failedRun(1), failedRun(2)], total: 2, next: null },
      }),
      'POST /jobs/queues/live-event-alerts/failed/1/retry': () =>
        ++retries === 1 ? { response: { retried: failedRun(1) } } : { status: 404, number: 7 },
      'POST /jobs/queues/live-event-alerts/failed/2/discard': () => ({ response: { discarded: failedRun(2) } }),
      'POST /jobs/queues/live-event-alerts/failed/retry': () => ({ response: { retried: 2 } }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderAt('/jobs');
    const list = await screen.findByRole('region', { name: 'Échecs de live-event-alerts' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Relancer la tâche 1' }));
    expect((await within(list).findByRole('status')).textContent).toBe(
      'Tâche 1 relancée : elle s’exécute une fois de plus.',
    );
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Relancer la tâche 1' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(list).getByRole('button', { name: 'Relancer la tâche 1' }));
    expect((await within(list).findByRole('alert')).textContent).toBe(
      'Cette tâche n’est plus en échec : quelqu’un l’a déjà relancée ou écartée.',
    );
    // Discard is confirmed: refused once (nothing sent), then accepted.
    fireEvent.click(within(list).getByRole('button', { name: 'Écarter la tâche 2' }));
    expect(confirm).toHaveBeenLastCalledWith('Écarter la tâche 2 sans l’exécuter ? Elle quitte la liste des échecs.');
    expect(api.calls.map((c) => c.route)).not.toContain('POST /jobs/queues/live-event-alerts/failed/2/discard');
    fireEvent.click(within(list).getByRole('button', { name: 'Écarter la tâche 2' }));
    expect((await within(list).findByRole('status')).textContent).toBe('Tâche 2 écartée.');
    fireEvent.click(within(list).getByRole('button', { name: 'Tout relancer' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Relancer les 2 tâches en échec de live-event-alerts ? Chacune s’exécute une fois de plus.',
    );
    expect((await within(list).findByRole('status')).textContent).toBe('2 tâche(s) relancée(s).');
    const posts = api.calls.filter((c) => c.route.startsWith('POST'));
    expect(posts.map((c) => c.route)).toEqual([
      'POST /jobs/queues/live-event-alerts/failed/1/retry',
      'POST /jobs/queues/live-event-alerts/failed/1/retry',
      'POST /jobs/queues/live-event-alerts/failed/2/discard',
      'POST /jobs/queues/live-event-alerts/failed/retry',
    ]);
    for (const post of posts) expect(post.contentType).toBe('application/json');
  });

  it('support reads the queues and the failures with no button to change them; an editor is refused', async () => {
    fakeConsoleApi({
      'GET /session': () => ({ response: { staff: SUPPORT } }),
      'GET /jobs/queues': () => ({ response: { ...QUEUES, mode: 'process' } }),
      'GET /jobs/queues/live-event-alerts/failed': () => ({ response: { jobs: [failedRun(1)], total: 1, next: null } }),
    });
    renderAt('/jobs');
    const list = await screen.findByRole('region', { name: 'Échecs de live-event-alerts' });
    expect(await within(list).findByText('SMTP 421 try 1')).toBeInTheDocument();
    expect(screen.getByText(/Sans Redis, les tâches tournent dans ce serveur/)).toBeInTheDocument();
    expect(within(list).queryAllByRole('button')).toEqual([]);
    // Choosing another queue by keyboard: a button, so Enter and Space work as everywhere.
    const other = screen.getByRole('button', { name: 'billing-lifecycle' });
    other.focus();
    fireEvent.click(other);
    expect(await screen.findByRole('region', { name: 'Échecs de billing-lifecycle' })).toBeInTheDocument();
  });

  it('an editor is not shown the section and the page refuses them', async () => {
    const api = fakeConsoleApi({
      'GET /session': () => ({ response: { staff: { ...ANA, id: 2, roles: ['editor'] } } }),
    });
    renderAt('/jobs');
    expect((await screen.findByRole('alert')).textContent).toContain('Cette section n’est pas ouverte à vos rôles.');
    expect(api.calls.map((c) => c.route)).toEqual(['GET /session']);
  });
});
