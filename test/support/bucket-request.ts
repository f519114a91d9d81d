/** The browser's POST to the bucket, finished by the test (XMLHttpRequest, for its progress events). */
export class BucketRequest {
  static sent: BucketRequest[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send() {
    BucketRequest.sent.push(this);
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish() {
    this.status = 204;
    this.onload?.();
  }
}

