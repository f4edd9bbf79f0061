import { vi } from 'vitest';

/** An upload in flight: the test reports progress and answers when it wants to. */
export interface PendingUpload {
  path: string;
  form: FormData;
  progress(fraction: number): void;
  answer(a: { status: number; reason?: string; result?: unknown }): void;
}

/** Uploads go through XMLHttpRequest (for progress); this one hands each request to the test. */
export function stubXhr(): PendingUpload[] {
  const pending: PendingUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    timeout = 0;
    status = 0;
    statusText = '';
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    /** As a browser's: the request ends as aborted (a cancelled upload). */
    abort() {
      this.onabort?.();
      this.onloadend?.();
    }
    send(form: FormData) {
      pending.push({
        path: this.url.replace('/api/', ''),
        form,
        progress: (f) => this.upload.onprogress?.({ lengthComputable: true, loaded: f * 100, total: 100 }),
        answer: (a) => {
          this.status = 200;
          this.responseText = JSON.stringify({ reason: 'x', ...a });
          this.onload?.();
          this.onloadend?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return pending;
}
