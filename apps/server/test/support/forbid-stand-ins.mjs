// Loaded with `node --import` before the server (demo-mode.security.test.ts): any attempt to load the
// stand-ins' package fails loudly, so a test can prove a production start never loads it (decision 047).
import { register } from 'node:module';

const hook = `
const forbidden = (what) => what === '@playz/provider-sandbox' || what.includes('/apps/provider-sandbox/');
export async function resolve(specifier, context, next) {
  if (forbidden(specifier)) throw new Error('FORBIDDEN MODULE LOADED: ' + specifier);
  const resolved = await next(specifier, context);
  if (forbidden(resolved.url)) throw new Error('FORBIDDEN MODULE LOADED: ' + resolved.url);
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
