import { describe, expect, it, vi } from 'vitest';
import { adaptCastSdk, CAST_SENDER_URL, loadCastSdk, watchCastDevices } from './cast-framework';

describe('the Cast sender framework behind its narrow interface (decision 070)', () => {
  it('is asked about devices through the Presentation API, and follows their coming and going', async () => {
    const availability = Object.assign(new EventTarget(), { value: false });
    const asked: string[] = [];
    const PresentationRequest = class {
      constructor(url: string) {
        asked.push(url);
      }
      getAvailability = async () => availability;
    };
    const reports: boolean[] = [];
    const stop = watchCastDevices('PLAYZ01', (available) => reports.push(available), { PresentationRequest });
    await vi.waitFor(() => expect(reports).toEqual([false]));
    availability.value = true;
    availability.dispatchEvent(new Event('change'));
    expect(reports).toEqual([false, true]);
    stop();
    availability.dispatchEvent(new Event('change'));
    expect(reports).toEqual([false, true]);
    expect(asked).toEqual(['cast:PLAYZ01']);
  });

  it('a browser without the Presentation API never finds one', () => {
    const reports: boolean[] = [];
    watchCastDevices('PLAYZ01', (available) => reports.push(available), {});
    expect(reports).toEqual([]);
  });

  it('loads the framework from its official address, once', async () => {
    const globals: Parameters<typeof loadCastSdk>[1] = {};
    const loading = loadCastSdk(document, globals);
    const scripts = [...document.head.querySelectorAll('script')].filter((s) => s.src === CAST_SENDER_URL);
    expect(scripts).toHaveLength(1);
    void loadCastSdk(document, globals);
    expect([...document.head.querySelectorAll('script')].filter((s) => s.src === CAST_SENDER_URL)).toHaveLength(1);
    globals.__onGCastApiAvailable?.(false);
    expect(await loading).toBeNull();
  });

  it('adapts CastContext: the app id, its states, the session’s device, messages and end', async () => {
    const listeners: ((event: { castState: 'CONNECTED' }) => void)[] = [];
    const sent: unknown[] = [];
    const onMessage: ((namespace: string, message: string) => void)[] = [];
    const context = {
      setOptions: vi.fn(),
      getCastState: () => 'NOT_CONNECTED' as const,
      addEventListener: (_type: string, listener: (typeof listeners)[number]) => void listeners.push(listener),
      removeEventListener: vi.fn(),
      requestSession: vi.fn(async () => undefined),
      getCurrentSession: () => ({
        getCastDevice: () => ({ friendlyName: 'Salon' }),
        sendMessage: async (_namespace: string, message: object) => void sent.push(message),
        addMessageListener: (_namespace: string, listener: (namespace: string, message: string) => void) =>
          void onMessage.push(listener),
        removeMessageListener: vi.fn(),
      }),
      endCurrentSession: vi.fn(),
    };
    const framework = adaptCastSdk(
      {
        cast: {
          framework: {
            CastContext: { getInstance: () => context },
            CastContextEventType: { CAST_STATE_CHANGED: 'caststatechanged' },
          },
        },
        chrome: { cast: { AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped' } } },
      },
      'PLAYZ01',
    )!;
    expect(context.setOptions).toHaveBeenCalledWith({
      receiverApplicationId: 'PLAYZ01',
      autoJoinPolicy: 'origin_scoped',
    });
    const states: string[] = [];
    framework.onCastStateChange((state) => states.push(state));
    listeners[0]!({ castState: 'CONNECTED' });
    expect(states).toEqual(['CONNECTED']);
    const session = framework.currentSession()!;
    expect(session.deviceName()).toBe('Salon');
    await session.sendMessage('urn:x-cast:fr.playz.cast', { type: 'PLAY' });
    expect(sent).toEqual([{ type: 'PLAY' }]);
    const heard: string[] = [];
    session.onMessage('urn:x-cast:fr.playz.cast', (message) => heard.push(message));
    onMessage[0]!('urn:x-cast:fr.playz.cast', '{"type":"MEDIA_STATUS"}');
    expect(heard).toEqual(['{"type":"MEDIA_STATUS"}']);
    framework.endCurrentSession(true);
    expect(context.endCurrentSession).toHaveBeenCalledWith(true);
  });
});
