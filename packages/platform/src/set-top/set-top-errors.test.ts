import { ApiClientError, ApiError } from '@playz/api-client';
import { describe, expect, it } from 'vitest';
import { createSetTopErrors, setTopErrorIdOf } from './set-top-errors';

const logger = () => {
  const messages: string[] = [];
  return {
    messages,
    api: {
      logClientError: async (input?: { body?: { message: string } }) => {
        messages.push(input?.body?.message ?? '');
        return { Success: true };
      },
    },
  };
};

describe('set-top error ids (spec 2 §8 I04 / I08, spec 3 §8 I09 / I10)', () => {
  it('a failing content/{id}/url/tv request is the content error I04-PLAYZ, even as an ApiError', () => {
    expect(setTopErrorIdOf(new ApiError(20, 'content not found', 404, '/api/1.2/content/12/url/tv'))).toBe('I04-PLAYZ');
    expect(setTopErrorIdOf(new ApiClientError('network', '/api/1.2/content/12/url/tv?platform=OrangeSTB'))).toBe(
      'I04-PLAYZ',
    );
  });

  it('any other failure not of type ApiError is the backend error I08-PLAYZ; other ApiErrors are the screen’s', () => {
    expect(setTopErrorIdOf(new ApiClientError('parse', '/api/1.2/home'))).toBe('I08-PLAYZ');
    expect(setTopErrorIdOf(new TypeError('x is undefined'))).toBe('I08-PLAYZ');
    expect(setTopErrorIdOf(new ApiError(11, 'authentication failed', 401, '/api/1.2/customer'))).toBeNull();
  });

  it('on the billing path OverQuotaFault gives I10-PLAYZ, anything else I09-PLAYZ', () => {
    expect(
      setTopErrorIdOf(new ApiError(1, 'OverQuotaFault', 200, '/billing/orange-appshoptv/save'), { billing: true }),
    ).toBe('I10-PLAYZ');
    expect(setTopErrorIdOf(new ApiError(30, 'receipt not valid', 200, '/billing/x'), { billing: true })).toBe(
      'I09-PLAYZ',
    );
  });

  it('popups are shown and sent to tracking (POST /error/log) with their id', async () => {
    const { api, messages } = logger();
    const popup = await createSetTopErrors(api).report(new ApiClientError('network', '/api/1.2/content/5/url/tv'));
    expect(popup).toEqual({ id: 'I04-PLAYZ', kind: 'content' });
    expect(messages).toEqual(['I04-PLAYZ API Error: network error']);
  });

  it('silent forms are only sent to tracking: #04, #08, #10 for billing', async () => {
    const { api, messages } = logger();
    const errors = createSetTopErrors(api);
    expect(await errors.report(new ApiClientError('network', '/content/5/url/tv'), { silent: true })).toBeNull();
    expect(await errors.report(new Error('boom'), { silent: true })).toBeNull();
    expect(await errors.report(new Error('declined'), { silent: true, billing: true })).toBeNull();
    expect(messages.map((m) => m.split(' ')[0])).toEqual(['#04-PLAYZ', '#08-PLAYZ', '#10-PLAYZ']);
  });

  it('I10-PLAYZ has no silent form in the spec: it is always shown (decision 036)', async () => {
    const { api, messages } = logger();
    const popup = await createSetTopErrors(api).report(new Error('OverQuotaFault'), { silent: true, billing: true });
    expect(popup).toEqual({ id: 'I10-PLAYZ', kind: 'overQuota' });
    expect(messages).toEqual(['I10-PLAYZ OverQuotaFault']);
  });

  it('a tracking call that fails never hides the popup', async () => {
    const api = { logClientError: async () => Promise.reject(new Error('offline')) };
    expect(await createSetTopErrors(api).report(new Error('boom'))).toEqual({ id: 'I08-PLAYZ', kind: 'backend' });
  });
});
