import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { handleApiRequest, isApiPath } from './api-gateway';
import { OIDC_MOUNT, type LocalOidcProvider } from './oidc';
import { FEEDBACK_PAGE_PATH, handleFeedbackPage } from './feedback-page';
import { SMS_PAGE_PATH, handleSmsPage } from './sms-page';
import { createStaticSite } from './static-files';
import { isLoopbackAddress } from './loopback';
import type { EdgeHeaders } from './edge-headers';

/**
 * The one origin of the local app, like CloudFront in AWS: `/api` to the service
 * handlers, `/oidc` to the embedded OpenID provider, `/local/sms` to the SMS outbox page,
 * `/local/feedback` to the stand-in feedback form,
 * everything else to the web app (built files, or Vite with hot reload in dev mode).
 */
/** Pages of the local runtime itself (SMS outbox, feedback form). */
const LOCAL_PAGES = '/local';
const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));

export interface AppServerOptions {
  port: number;
  host: string;
  dev: boolean;
  oidc?: LocalOidcProvider;
  /**
   * The security headers CloudFront adds in AWS, on the SPA and /api (npm start always sets them).
   * Not on /oidc and /local: those stand in for outside services (Cognito, the feedback form)
   * that CloudFront does not serve.
   */
  edgeHeaders?: EdgeHeaders;
}

export interface AppServer {
  /** The address the server itself answers on (for calls the runtime makes to itself). */
  internalOrigin: string;
  stop(): Promise<void>;
}

function underPath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

async function createVite(server: Server): Promise<ViteDevServer> {
  const { createServer: createViteServer } = await import('vite');
  return createViteServer({
    configFile: `${WEB_ROOT}vite.config.ts`,
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
  });
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const site = createStaticSite(`${WEB_ROOT}dist`);
  let vite: ViteDevServer | undefined;
  let internalOrigin = '';

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (isApiPath(pathname)) return handleApiRequest(req, res, options.edgeHeaders);
    if (underPath(pathname, OIDC_MOUNT)) {
      if (!options.oidc) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The embedded OpenID provider is off (OIDC_ISSUER is set).');
        return;
      }
      return options.oidc.handle(req, res);
    }
    if (underPath(pathname, LOCAL_PAGES)) {
      // The SMS outbox shows verification codes: never to another machine, whatever HOST is.
      if (!isLoopbackAddress(req.socket.remoteAddress)) {
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Local pages answer only on this machine.');
        return;
      }
      if (underPath(pathname, SMS_PAGE_PATH)) return handleSmsPage(req, res, internalOrigin);
      if (underPath(pathname, FEEDBACK_PAGE_PATH)) return handleFeedbackPage(req, res);
    }
    // The site's files and Vite set none of these headers, so adding them first is CloudFront's merge.
    for (const [name, value] of Object.entries(options.edgeHeaders?.apply({}) ?? {})) res.setHeader(name, value!);
    if (vite) {
      const devServer = vite;
      return new Promise<void>((resolve) => {
        devServer.middlewares(req, res, () => {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Not Found');
          resolve();
        });
        res.once('finish', resolve);
        res.once('close', resolve);
      });
    }
    return site.handle(req, res);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error) => {
      console.error(`[server] ${req.method} ${req.url} failed`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    });
  });
  // Browsers keep connections open; keep them short so stop() is quick.
  server.keepAliveTimeout = 5_000;

  if (options.dev) vite = await createVite(server);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as { port: number };
  internalOrigin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  return {
    internalOrigin,
    async stop() {
      await vite?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
