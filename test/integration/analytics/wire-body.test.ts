import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../../main/platform/client';

/**
 * The simulator stores only the members the spec names, so what travels on the wire is checked against a bare
 * HTTP listener that records the request and answers 204 as the platform does.
 */
describe('the analytics update on the wire', () => {
  let server: Server;
  let baseUrl: string;
  const requests: Array<{ method: string; url: string; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        requests.push({ method: req.method ?? '', url: req.url ?? '', body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends every member of the operator’s body, those the spec does not name included, to /api/streams/{uid}/?format=json&stream={uid}', async () => {
    const client = createPlatformClient({ baseUrl, tokenStyle: 'bearer', getToken: async () => 'test-token' });
    const body = {
      CaseType: 'line_crossing',
      CameraGroupUid: 'cg-1',
      Regions: [{ Name: 'gate', Polygon: [[0, 0]] }],
      Source: { Uid: 'cam 1', Url: 'rtsp://10.0.0.5/main', Transport: 'tcp' },
      Pipeline: { Tracker: { MaxAge: 30 }, Detector: { Model: 'v3' }, Fences: [{ Name: 'in', Points: [[0.1, 0.5], [0.9, 0.5]] }], Areas: [] },
    };
    await client.updateAnalyticsTask('task/1 a', body);
    await client.close();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe('/api/streams/task%2F1%20a/?format=json&stream=task%2F1%20a');
    expect(JSON.parse(requests[0]!.body)).toEqual(body);
  });
});
