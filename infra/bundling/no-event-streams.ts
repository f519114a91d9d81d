import type { Plugin } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** What the bundled SDK takes from `@smithy/core/event-streams`; an import of anything else fails the build. */
export const EVENT_STREAM_IMPORTS = ['resolveEventStreamSerdeConfig', 'eventStreamSerdeProvider', 'EventStreamSerde'];

export const EVENT_STREAMS_LEFT_OUT = 'no-event-streams: AWS event-stream operations are left out of the bundles on purpose';

/**
 * `@smithy/core`'s protocols load the event-stream codec with a dynamic `import()` so that only
 * operations with an event-stream member (S3 SelectObjectContent, Bedrock, Transcribe...) pay for
 * it; a bundle has no lazy chunks, so every function carried it whole (about 15 KiB), and the S3
 * client also builds a marshaller for it at construction. No function sends such an operation
 * (sdk-calls.json lists what each bundle can send), so the bundles get a stand-in: the S3 client's
 * config resolves as before, with a marshaller that throws a clear error if an event stream is
 * ever serialised or read, and the protocols' codec does the same.
 */
export const noEventStreams: Plugin = {
  name: 'no-event-streams',
  setup(build) {
    const smithyCore = dirname(createRequire(import.meta.url).resolve('@smithy/core/package.json'));
    build.onResolve({ filter: /^@smithy\/core\/event-streams$/ }, () => ({ path: 'event-streams', namespace: 'no-event-streams' }));
    build.onLoad({ filter: /.*/, namespace: 'no-event-streams' }, () => ({
      contents: [
        `const leftOut = () => { throw new Error(${JSON.stringify(EVENT_STREAMS_LEFT_OUT)}); };`,
        'export const resolveEventStreamSerdeConfig = (input) => Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });',
        'export const eventStreamSerdeProvider = () => ({ serialize: leftOut, deserialize: leftOut });',
        'export class EventStreamSerde { constructor() { leftOut(); } }',
      ].join('\n'),
      resolveDir: smithyCore,
      loader: 'js',
    }));
  },
};
