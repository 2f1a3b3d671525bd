import { protocol } from 'electron';
import { contentSecurityPolicy } from '../web/security-headers';
import { readRendererFile } from '../web/static-files';
import { appHost, appScheme } from '../ipc/trusted-senders';

export { appOrigin, isAppUrl } from '../ipc/trusted-senders';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false } },
  ]);
}

/** Serves dist/renderer under app://watchdesk/ with the strict CSP: the renderer cannot connect anywhere. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(appScheme, async (request) => {
    const url = new URL(request.url);
    if (url.host !== appHost) return new Response('Not found', { status: 404 });
    const file = await readRendererFile(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Security-Policy': contentSecurityPolicy("'none'"),
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
