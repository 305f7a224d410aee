import { createAmazonRvsClient } from './amazon-pay/client';
import { createAmazonPayProvider } from './amazon-pay/provider';
import { createAppStoreProvider } from './app-store/provider';
import { createBachatClient } from './bachat/client';
import { createBachatProvider } from './bachat/provider';
import { createDummyProvider } from './dummy/provider';
import { createGooglePlayClient } from './google-play/client';
import { createGooglePlayProvider } from './google-play/provider';
import { createOrangeAppshopClient } from './orange-appshoptv/client';
import { createOrangeAppshopProvider } from './orange-appshoptv/provider';
import { createSamsungDpiClient } from './samsung-checkout/client';
import { createSamsungCheckoutProvider } from './samsung-checkout/provider';
import type { StoreProvider } from './store-provider';
import type { StoresConfig } from './stores-config';

/** The weekly offer's SKU (seed): what a Dummy receipt without `sku` buys (spec 3 §9 emulator price). */
const DUMMY_DEFAULT_SKU = 'subscription_1_99';

/** The TV stores this server offers, from their settings (decision 029). */
export function createStoreProviders(config: StoresConfig): StoreProvider[] {
  const stores: StoreProvider[] = [];
  if (config.dummy) stores.push(createDummyProvider({ defaultSku: DUMMY_DEFAULT_SKU }));
  if (config.samsung) stores.push(createSamsungCheckoutProvider({ client: createSamsungDpiClient(config.samsung) }));
  if (config.amazon)
    stores.push(createAmazonPayProvider({ client: createAmazonRvsClient(config.amazon), rtn: config.amazon.rtn }));
  if (config.googlePlay)
    stores.push(
      createGooglePlayProvider({
        client: createGooglePlayClient(config.googlePlay),
        push: config.googlePlay.push,
      }),
    );
  if (config.appStore) stores.push(createAppStoreProvider({ config: config.appStore }));
  if (config.orange) stores.push(createOrangeAppshopProvider({ client: createOrangeAppshopClient(config.orange) }));
  if (config.bachat) stores.push(createBachatProvider({ client: createBachatClient(config.bachat) }));
  return stores;
}
