import { HTML_UNESCAPE_MAX, Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../../../test/harness.js';

describe('htmlUnescape (spec section 7, "Other")', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
  });
  afterAll(() => t.close());

  it('answers the text with its named, decimal and hexadecimal references decoded, the rest as written', async () => {
    const escaped = '&lt;p class=&quot;x&quot;&gt;Caf&eacute; &amp;amp; &#39;tea&#39; &#x4E2D;&#25991;&nbsp;&copy;&lt;/p&gt;';
    const answer = await t.api.htmlUnescape({ content: escaped }, a.token);
    expect(answer.status).toBe(0);
    expect(answer.result).toBe('<p class="x">Café &amp; \'tea\' 中文\u00a0©</p>');
    // Strict: no `;`, an unknown name or a plain ampersand stays; a reference to no character is U+FFFD.
    expect((await t.api.htmlUnescape({ content: 'R&D &copy 2026 &nosuch; &#0; &#xD800;' }, a.token)).result).toBe(
      'R&D &copy 2026 &nosuch; \ufffd \ufffd',
    );
    expect((await t.api.htmlUnescape({ content: '' }, a.token)).result).toBe('');
  });

  it('needs a session, takes every signed-in role, and refuses a missing or too long text with its field', async () => {
    expect((await t.call('htmlUnescape', { content: '&amp;' })).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, Role.GATE);
    expect((await t.api.htmlUnescape({ content: '&gt;' }, desk.token)).result).toBe('>');
    const subadmin = await seedStaff(t, a.id, Role.SUBADMIN, undefined, []);
    expect((await t.api.htmlUnescape({ content: '&gt;' }, subadmin.token)).result).toBe('>');
    const missing = await t.call('htmlUnescape', {}, a.token);
    expect(missing.status).toBe(Status.BAD_PARAMS);
    const long = await t.call('htmlUnescape', { content: 'x'.repeat(HTML_UNESCAPE_MAX + 1) }, a.token);
    expect(long.status).toBe(Status.BAD_PARAMS);
    expect(JSON.stringify(long.result)).toContain('content');
  });

  it('is answered under /qcvisit/ too, where the original console asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/qcvisit/htmlUnescape',
      headers: { 'content-type': 'application/json', 'x-coolvisit-token': a.token },
      payload: { content: '&lt;b&gt;' },
    });
    expect(res.json()).toMatchObject({ status: 0, result: '<b>' });
  });
});
