/**
 * Resuming a server-initialized transaction in Paystack's inline pop-up (InlineJS v2:
 * `new PaystackPop().resumeTransaction(accessCode, callbacks)`). The script is loaded on the checkout page
 * only, and only when the customer presses Pay. docs/requirements.md#14-messages: a script that fails to load and a
 * pop-up facility missing after loading have their own (logged) messages; the customer sees the generic one.
 */
type PopupCallbacks = {
  onSuccess: (transaction: { reference?: string }) => void;
  onCancel: () => void;
  onError: (error: { message?: string }) => void;
};

type PaystackPopConstructor = new () => {
  resumeTransaction: (accessCode: string, callbacks: Partial<PopupCallbacks> & { onLoad?: () => void }) => unknown;
};

declare global {
  interface Window {
    PaystackPop?: PaystackPopConstructor;
  }
}

export const SCRIPT_LOAD_FAILED = 'Paystack script failed to load';
export const POPUP_UNAVAILABLE = 'Paystack pop-up is unavailable after loading its script';

const loading = new Map<string, Promise<void>>();

/** Adds the script once per URL; a failed load may be retried by the next click. */
export function loadScript(src: string): Promise<void> {
  if (window.PaystackPop) return Promise.resolve();
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        loading.delete(src);
        reject(new Error(SCRIPT_LOAD_FAILED));
      };
      document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending;
}

export async function openPaystackPopup(
  payment: { inlineScriptUrl: string; accessCode: string },
  callbacks: PopupCallbacks,
): Promise<void> {
  await loadScript(payment.inlineScriptUrl);
  const Pop = window.PaystackPop;
  if (!Pop) throw new Error(POPUP_UNAVAILABLE);
  new Pop().resumeTransaction(payment.accessCode, callbacks);
}
