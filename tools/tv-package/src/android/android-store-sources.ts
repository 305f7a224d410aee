/**
 * The native store code of the Android TV / Fire TV wrapper (decision 101): one `FlavourStore`
 * class per Gradle flavour, in the flavour's own source set, answering the `storeCall` actions the
 * platform bridge sends (packages/platform ANDROID_STORE_ACTIONS) through `StoreAnswer`, which
 * calls the page's `playzStoreResult(requestId, json)`.
 *
 * - androidtv: Google Play Billing Library 7 (`com.android.billingclient:billing`). `purchase` buys
 *   a subscription (its first offer), `purchaseItem` a one-off product, both with Play's
 *   obfuscated account id (decision 073) and, for an item, its obfuscated profile id (decision
 *   093); answers `{status: 'OK', json, signature}` (the purchase's original JSON and signature)
 *   or `{status: 'USER_CANCELED'}` or another BillingResponseCode's name. Nothing is acknowledged
 *   or consumed on the device: the server does it once it saved the purchase (Play's acknowledge
 *   for subscriptions, consume for one-off products), so a purchase the server refused stays
 *   unacknowledged and Google refunds it. An item already owned (bought, not consumed yet) is
 *   answered with the owned purchase so the server can finish it.
 * - firetv: the Amazon Appstore SDK (`com.amazon.device:amazon-appstore-sdk`). `purchase` and
 *   `purchaseItem` are `PurchasingService.purchase` (Amazon's product type is the catalogue's),
 *   answered `{status, requestId, purchaseReceipt, userData}`; `restore` reads every purchase
 *   update; `fulfil` is notifyFulfillment(FULFILLED) of a receipt, which the bridge sends only after
 *   the server saved it.
 * - bbox: BAchat is the operator's web flow (spec 3 §4): no native store; a call answers FAILED.
 */

export const FLAVOUR_STORE_CLASS = 'FlavourStore';

/** The contract between PlayzAndroid and the flavour's store (main source set). */
export function storeInterfacesJava(javaPackage: string): Record<string, string> {
  return {
    'StoreBridge.java': `package ${javaPackage};

/** The flavour's native store (decision 101): one call of the page's storeCall at a time per request id. */
public interface StoreBridge {
    /** action: purchase, purchaseItem, restore or fulfil; account and profile may be empty. */
    void call(String requestId, String action, String sku, String account, String profile);
}
`,
    'StoreAnswer.java': `package ${javaPackage};

import org.json.JSONObject;

/** Gives a store call's result to the page (its playzStoreResult callback). */
public interface StoreAnswer {
    void answer(String requestId, JSONObject result);
}
`,
  };
}

/** androidtv flavour: Google Play Billing Library. */
export function googlePlayStoreJava(javaPackage: string): string {
  return `package ${javaPackage};

import android.app.Activity;
import com.android.billingclient.api.BillingClient;
import com.android.billingclient.api.BillingClientStateListener;
import com.android.billingclient.api.BillingFlowParams;
import com.android.billingclient.api.BillingResult;
import com.android.billingclient.api.PendingPurchasesParams;
import com.android.billingclient.api.ProductDetails;
import com.android.billingclient.api.Purchase;
import com.android.billingclient.api.PurchasesUpdatedListener;
import com.android.billingclient.api.QueryProductDetailsParams;
import com.android.billingclient.api.QueryPurchasesParams;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * Google Play Billing (decision 101): launches the purchase flow and hands the purchase's JSON and
 * signature to the page, which posts them to the server. Never acknowledges nor consumes: the
 * server does, once it saved the purchase (decisions 072, 093).
 */
public final class ${FLAVOUR_STORE_CLASS} implements StoreBridge, PurchasesUpdatedListener {
    private final Activity activity;
    private final StoreAnswer answer;
    private final BillingClient client;
    /** The one purchase flow on screen: its request, product and type. */
    private String flowRequestId;
    private String flowSku;
    private String flowType;

    private ${FLAVOUR_STORE_CLASS}(Activity activity, StoreAnswer answer) {
        this.activity = activity;
        this.answer = answer;
        this.client = BillingClient.newBuilder(activity)
            .setListener(this)
            .enablePendingPurchases(PendingPurchasesParams.newBuilder().enableOneTimeProducts().build())
            .build();
    }

    public static StoreBridge create(Activity activity, StoreAnswer answer) {
        return new ${FLAVOUR_STORE_CLASS}(activity, answer);
    }

    @Override
    public void call(String requestId, String action, String sku, String account, String profile) {
        if (!"purchase".equals(action) && !"purchaseItem".equals(action)) {
            // Play's restore is the page's own (the purchase it kept); fulfil is Amazon's.
            fail(requestId, "UNSUPPORTED_ACTION", action);
            return;
        }
        if (flowRequestId != null) {
            fail(requestId, "PURCHASE_IN_PROGRESS", flowSku);
            return;
        }
        String type = "purchaseItem".equals(action) ? BillingClient.ProductType.INAPP : BillingClient.ProductType.SUBS;
        connected(requestId, () -> launch(requestId, sku, type, account, profile));
    }

    /** Runs next once the client is connected (it reconnects after the Play service went away). */
    private void connected(String requestId, Runnable next) {
        if (client.isReady()) {
            next.run();
            return;
        }
        client.startConnection(new BillingClientStateListener() {
            @Override
            public void onBillingSetupFinished(BillingResult result) {
                if (result.getResponseCode() == BillingClient.BillingResponseCode.OK) next.run();
                else fail(requestId, codeName(result.getResponseCode()), result.getDebugMessage());
            }

            @Override
            public void onBillingServiceDisconnected() {
                // The next call connects again.
            }
        });
    }

    private void launch(String requestId, String sku, String type, String account, String profile) {
        QueryProductDetailsParams query = QueryProductDetailsParams.newBuilder()
            .setProductList(Collections.singletonList(
                QueryProductDetailsParams.Product.newBuilder().setProductId(sku).setProductType(type).build()))
            .build();
        client.queryProductDetailsAsync(query, (result, details) -> {
            if (result.getResponseCode() != BillingClient.BillingResponseCode.OK || details == null || details.isEmpty()) {
                fail(requestId, "ITEM_UNAVAILABLE", sku);
                return;
            }
            ProductDetails product = details.get(0);
            BillingFlowParams.ProductDetailsParams.Builder productParams =
                BillingFlowParams.ProductDetailsParams.newBuilder().setProductDetails(product);
            if (BillingClient.ProductType.SUBS.equals(type)) {
                List<ProductDetails.SubscriptionOfferDetails> offers = product.getSubscriptionOfferDetails();
                if (offers == null || offers.isEmpty()) {
                    fail(requestId, "ITEM_UNAVAILABLE", sku);
                    return;
                }
                productParams.setOfferToken(offers.get(0).getOfferToken());
            }
            List<BillingFlowParams.ProductDetailsParams> products = new ArrayList<>();
            products.add(productParams.build());
            BillingFlowParams.Builder flow = BillingFlowParams.newBuilder().setProductDetailsParamsList(products);
            // The buying account (decision 073) and the item bought (decision 093), as the server checks them.
            if (account != null && !account.isEmpty()) flow.setObfuscatedAccountId(account);
            if (profile != null && !profile.isEmpty()) flow.setObfuscatedProfileId(profile);
            activity.runOnUiThread(() -> {
                flowRequestId = requestId;
                flowSku = sku;
                flowType = type;
                BillingResult launched = client.launchBillingFlow(activity, flow.build());
                if (launched.getResponseCode() != BillingClient.BillingResponseCode.OK) {
                    flowRequestId = null;
                    fail(requestId, codeName(launched.getResponseCode()), launched.getDebugMessage());
                }
            });
        });
    }

    @Override
    public void onPurchasesUpdated(BillingResult result, List<Purchase> purchases) {
        String requestId = flowRequestId;
        if (requestId == null) return;
        String sku = flowSku;
        String type = flowType;
        flowRequestId = null;
        int code = result.getResponseCode();
        if (code == BillingClient.BillingResponseCode.OK && purchases != null) {
            answerPurchase(requestId, find(purchases, sku));
        } else if (code == BillingClient.BillingResponseCode.ITEM_ALREADY_OWNED) {
            // Bought before and not consumed yet (the server did not finish it): give it again.
            client.queryPurchasesAsync(
                QueryPurchasesParams.newBuilder().setProductType(type).build(),
                (owned, list) -> answerPurchase(requestId, list == null ? null : find(list, sku)));
        } else {
            fail(requestId, codeName(code), result.getDebugMessage());
        }
    }

    private static Purchase find(List<Purchase> purchases, String sku) {
        for (Purchase purchase : purchases) {
            if (purchase.getProducts().contains(sku)) return purchase;
        }
        return null;
    }

    private void answerPurchase(String requestId, Purchase purchase) {
        if (purchase == null) {
            fail(requestId, "ERROR", "no purchase of this product");
            return;
        }
        if (purchase.getPurchaseState() != Purchase.PurchaseState.PURCHASED) {
            // Pending (a cash payment to come): nothing to save yet; Play's notification tells the server.
            fail(requestId, "PENDING", purchase.getOrderId());
            return;
        }
        JSONObject result = new JSONObject();
        try {
            result.put("status", "OK");
            result.put("json", purchase.getOriginalJson());
            result.put("signature", purchase.getSignature());
        } catch (JSONException ignored) {
            // Plain strings only.
        }
        answer.answer(requestId, result);
    }

    private void fail(String requestId, String status, String message) {
        JSONObject result = new JSONObject();
        try {
            result.put("status", status);
            result.put("message", message == null ? "" : message);
        } catch (JSONException ignored) {
            // Plain strings only.
        }
        answer.answer(requestId, result);
    }

    /** The page reads USER_CANCELED and OK by name (packages/platform google-play.ts). */
    private static String codeName(int code) {
        switch (code) {
            case BillingClient.BillingResponseCode.OK: return "OK";
            case BillingClient.BillingResponseCode.USER_CANCELED: return "USER_CANCELED";
            case BillingClient.BillingResponseCode.SERVICE_UNAVAILABLE: return "SERVICE_UNAVAILABLE";
            case BillingClient.BillingResponseCode.BILLING_UNAVAILABLE: return "BILLING_UNAVAILABLE";
            case BillingClient.BillingResponseCode.ITEM_UNAVAILABLE: return "ITEM_UNAVAILABLE";
            case BillingClient.BillingResponseCode.DEVELOPER_ERROR: return "DEVELOPER_ERROR";
            case BillingClient.BillingResponseCode.ITEM_ALREADY_OWNED: return "ITEM_ALREADY_OWNED";
            case BillingClient.BillingResponseCode.NETWORK_ERROR: return "NETWORK_ERROR";
            case BillingClient.BillingResponseCode.SERVICE_DISCONNECTED: return "SERVICE_DISCONNECTED";
            case BillingClient.BillingResponseCode.FEATURE_NOT_SUPPORTED: return "FEATURE_NOT_SUPPORTED";
            default: return "ERROR";
        }
    }
}
`;
}

/** firetv flavour: the Amazon Appstore SDK. */
export function amazonStoreJava(javaPackage: string): string {
  return `package ${javaPackage};

import android.app.Activity;
import com.amazon.device.iap.PurchasingListener;
import com.amazon.device.iap.PurchasingService;
import com.amazon.device.iap.model.FulfillmentResult;
import com.amazon.device.iap.model.ProductDataResponse;
import com.amazon.device.iap.model.PurchaseResponse;
import com.amazon.device.iap.model.PurchaseUpdatesResponse;
import com.amazon.device.iap.model.Receipt;
import com.amazon.device.iap.model.RequestId;
import com.amazon.device.iap.model.UserData;
import com.amazon.device.iap.model.UserDataResponse;
import java.util.HashMap;
import java.util.Map;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * The Amazon Appstore SDK (decision 101; spec 3 §4 Amazon flow): purchase, purchase updates for
 * restore, and notifyFulfillment of a receipt only when the page says the server saved it.
 */
public final class ${FLAVOUR_STORE_CLASS} implements StoreBridge, PurchasingListener {
    private final StoreAnswer answer;
    /** Amazon's request id → the page's. */
    private final Map<String, String> requests = new HashMap<>();
    /** Purchase updates come in pages: the receipts read so far per request. */
    private final Map<String, JSONArray> updates = new HashMap<>();

    private ${FLAVOUR_STORE_CLASS}(Activity activity, StoreAnswer answer) {
        this.answer = answer;
        PurchasingService.registerListener(activity.getApplicationContext(), this);
    }

    public static StoreBridge create(Activity activity, StoreAnswer answer) {
        return new ${FLAVOUR_STORE_CLASS}(activity, answer);
    }

    @Override
    public synchronized void call(String requestId, String action, String sku, String account, String profile) {
        switch (action) {
            case "purchase":
            case "purchaseItem":
                // Amazon sells the SKU as its catalogue says (subscription, consumable, entitlement).
                requests.put(PurchasingService.purchase(sku).toString(), requestId);
                break;
            case "restore": {
                String amazonId = PurchasingService.getPurchaseUpdates(true).toString();
                requests.put(amazonId, requestId);
                updates.put(amazonId, new JSONArray());
                break;
            }
            case "fulfil":
                // The page sends it once the server saved the receipt (its id in sku).
                PurchasingService.notifyFulfillment(sku, FulfillmentResult.FULFILLED);
                answer.answer(requestId, status("OK"));
                break;
            default:
                answer.answer(requestId, status("UNSUPPORTED_ACTION"));
        }
    }

    @Override
    public synchronized void onPurchaseResponse(PurchaseResponse response) {
        String requestId = requests.remove(response.getRequestId().toString());
        if (requestId == null) return;
        JSONObject result = status(response.getRequestStatus().name());
        try {
            result.put("requestId", response.getRequestId().toString());
            if (response.getReceipt() != null) result.put("purchaseReceipt", receipt(response.getReceipt()));
            if (response.getUserData() != null) result.put("userData", user(response.getUserData()));
        } catch (JSONException ignored) {
            // Plain values only.
        }
        answer.answer(requestId, result);
    }

    @Override
    public synchronized void onPurchaseUpdatesResponse(PurchaseUpdatesResponse response) {
        String amazonId = response.getRequestId().toString();
        String requestId = requests.get(amazonId);
        JSONArray receipts = updates.get(amazonId);
        if (requestId == null || receipts == null) return;
        if (response.getRequestStatus() != PurchaseUpdatesResponse.RequestStatus.SUCCESSFUL) {
            requests.remove(amazonId);
            updates.remove(amazonId);
            answer.answer(requestId, status(response.getRequestStatus().name()));
            return;
        }
        try {
            for (Receipt receipt : response.getReceipts()) receipts.put(receipt(receipt));
        } catch (JSONException ignored) {
            // Plain values only.
        }
        if (response.hasMore()) {
            // The next page answers under a new Amazon request id, for the same page request.
            String next = PurchasingService.getPurchaseUpdates(false).toString();
            requests.remove(amazonId);
            updates.remove(amazonId);
            requests.put(next, requestId);
            updates.put(next, receipts);
            return;
        }
        requests.remove(amazonId);
        updates.remove(amazonId);
        JSONObject result = status("SUCCESSFUL");
        try {
            result.put("requestId", amazonId);
            result.put("receipts", receipts);
            if (response.getUserData() != null) result.put("userData", user(response.getUserData()));
        } catch (JSONException ignored) {
            // Plain values only.
        }
        answer.answer(requestId, result);
    }

    @Override
    public void onUserDataResponse(UserDataResponse response) {
        // The user comes with each purchase response.
    }

    @Override
    public void onProductDataResponse(ProductDataResponse response) {
        // Prices are the server's offers (spec 3 §4), not the Appstore's.
    }

    private static JSONObject receipt(Receipt receipt) throws JSONException {
        JSONObject json = new JSONObject();
        json.put("receiptId", receipt.getReceiptId());
        json.put("sku", receipt.getSku());
        json.put("productType", receipt.getProductType().name());
        json.put("purchaseDate", receipt.getPurchaseDate().getTime());
        json.put("cancelDate", receipt.getCancelDate() == null ? JSONObject.NULL : receipt.getCancelDate().getTime());
        return json;
    }

    private static JSONObject user(UserData user) throws JSONException {
        JSONObject json = new JSONObject();
        json.put("userId", user.getUserId());
        json.put("marketplace", user.getMarketplace());
        return json;
    }

    private static JSONObject status(String status) {
        JSONObject json = new JSONObject();
        try {
            json.put("status", status);
        } catch (JSONException ignored) {
            // A plain string.
        }
        return json;
    }
}
`;
}

/** bbox flavour: BAchat is a web flow (spec 3 §4), so no native store. */
export function noNativeStoreJava(javaPackage: string): string {
  return `package ${javaPackage};

import android.app.Activity;
import org.json.JSONException;
import org.json.JSONObject;

/** BAchat pays through the operator's pages (spec 3 §4; decision 101): no native store call. */
public final class ${FLAVOUR_STORE_CLASS} implements StoreBridge {
    private final StoreAnswer answer;

    private ${FLAVOUR_STORE_CLASS}(StoreAnswer answer) {
        this.answer = answer;
    }

    public static StoreBridge create(Activity activity, StoreAnswer answer) {
        return new ${FLAVOUR_STORE_CLASS}(answer);
    }

    @Override
    public void call(String requestId, String action, String sku, String account, String profile) {
        JSONObject result = new JSONObject();
        try {
            result.put("status", "FAILED");
            result.put("message", "BAchat is a web flow");
        } catch (JSONException ignored) {
            // Plain strings only.
        }
        answer.answer(requestId, result);
    }
}
`;
}

/** The Appstore SDK's purchase notifications reach the app through this receiver (firetv manifest). */
export const AMAZON_FLAVOUR_MANIFEST = `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <application>
        <receiver
            android:name="com.amazon.device.iap.ResponseReceiver"
            android:exported="true"
            android:permission="com.amazon.inapp.purchasing.Permission.NOTIFY">
            <intent-filter>
                <action android:name="com.amazon.inapp.purchasing.NOTIFY" />
            </intent-filter>
        </receiver>
    </application>
</manifest>
`;
