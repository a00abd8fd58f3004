// The refusals a screen tells apart (@crm/shared schemas/refusals.ts) in the API's description: the routes that give
// them declare the `RefusalReply` ({message, code, field?}) with the codes it may carry, so /api/docs shows the code.
import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { OPENAPI_PATH } from './openapi.ts';

type Schema = {
  $ref?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema & { enum?: string[] }>;
  required?: string[];
};
type Document = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
  components?: { schemas?: Record<string, Schema> };
};

const t = useTestApp();

/** Where each refusal is declared: route, status. */
const DECLARED: [path: string, method: string, status: string][] = [
  ['/api/ap/getByNumber', 'get', '409'],
  ['/api/ap/getByNumber', 'get', '403'],
  ['/dynamic/updateLeadData/{t}/{cell}', 'put', '409'],
  ['/api/qcReport/editqc', 'put', '409'],
  ['/api/qcReport/edit-Client-Qc', 'put', '409'],
  ['/cc/addCampaign', 'post', '409'],
  ['/cc/updateCampaign', 'put', '409'],
  ['/api/users', 'post', '409'],
  ['/api/ac/addAgent', 'post', '409'],
  ['/api/ac/editAgent', 'put', '409'],
  ['/dt/addDataTables', 'post', '409'],
  ['/api/qcQueue/claim', 'post', '404'],
];

describe('the refusal codes in GET /api/openapi.json', () => {
  it('describes RefusalReply: message, a code of the enum, and the field it belongs under', async () => {
    const doc = (await t.app.inject({ url: OPENAPI_PATH })).json<Document>();
    const reply = doc.components?.schemas?.RefusalReply;
    expect(reply?.required).toEqual(['message', 'code']);
    expect(reply?.properties?.code?.enum).toEqual(Object.values(REFUSAL_CODES));
    expect(Object.keys(reply?.properties ?? {})).toEqual(['message', 'code', 'field']);
  });

  it('declares it on each route that gives a refusal a screen tells apart', async () => {
    const doc = (await t.app.inject({ url: OPENAPI_PATH })).json<Document>();
    for (const [path, method, status] of DECLARED) {
      const schema = doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
      const refs = [schema, ...(schema?.anyOf ?? [])].map((s) => s?.$ref);
      expect(refs, `${method} ${path} ${status}`).toContain('#/components/schemas/RefusalReply');
    }
  });
});
