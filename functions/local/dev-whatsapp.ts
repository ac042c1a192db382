// The local stack's WhatsApp page (issue #56), served only by `npm start` and only to this machine
// (like /api/dev/outbox; none of these paths is in the route table, so none exists in AWS): one chat
// per driver number as the fake Cloud API (fake-whatsapp.ts) holds it, the product's messages shown as
// WhatsApp shows them (reply buttons as buttons, a list's rows as choices, images), and a box to type.
// Typing, tapping or sharing a location posts a signed webhook to the product through the fake.
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import type { FakeWhatsapp } from './fake-whatsapp';

export const DEV_WHATSAPP_PAGE = '/dev/whatsapp';
export const DEV_WHATSAPP_CHATS = '/dev/whatsapp/chats';
export const DEV_WHATSAPP_SEND = '/api/dev/whatsapp/send';

const number = z.string().check(z.regex(/^\+?91\d{10}$/, 'An Indian mobile number, +91 and 10 digits'));
const sendBody = z.strictObject({
  from: number,
  action: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('text'),
      text: z.string().check(z.trim(), z.minLength(1), z.maxLength(4096)),
    }),
    z.strictObject({
      kind: z.literal('button'),
      id: z.string().check(z.minLength(1), z.maxLength(256)),
      title: z.string().check(z.maxLength(100)),
    }),
    z.strictObject({
      kind: z.literal('list'),
      id: z.string().check(z.minLength(1), z.maxLength(256)),
      title: z.string().check(z.maxLength(100)),
    }),
    z.strictObject({
      kind: z.literal('quick-reply'),
      payload: z.string().check(z.minLength(1), z.maxLength(256)),
      text: z.string().check(z.maxLength(256)),
    }),
    z.strictObject({
      kind: z.literal('location'),
      latitude: z.number().check(z.gte(-90), z.lte(90)),
      longitude: z.number().check(z.gte(-180), z.lte(180)),
    }),
  ]),
});

export interface DevPage {
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

/** POST hooks (api-emulator devRoutes): the driver acts. */
export function devWhatsappRoutes(fake: FakeWhatsapp): Record<string, (body: unknown) => Promise<unknown>> {
  return {
    [DEV_WHATSAPP_SEND]: async (body) => {
      const { from, action } = sendBody.parse(body);
      return fake.driver(from, action);
    },
  };
}

/** GET pages (api-emulator devPages): the page, and the chats it shows (JSON). */
export function devWhatsappPages(fake: FakeWhatsapp): Record<string, (url: URL) => Promise<DevPage>> {
  return {
    [DEV_WHATSAPP_CHATS]: async () => ({
      contentType: 'application/json',
      body: JSON.stringify(Object.fromEntries(fake.chats)),
    }),
    [DEV_WHATSAPP_PAGE]: async () => {
      const nonce = randomBytes(16).toString('base64');
      return {
        contentType: 'text/html; charset=utf-8',
        headers: {
          'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src * data:; connect-src 'self'; form-action 'self'`,
        },
        body: PAGE.replaceAll('{nonce}', nonce).replace('{from}', '+919812300003'),
      };
    },
  };
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>WhatsApp (local fake) - DockSaathi</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="{nonce}">
body{font-family:system-ui,sans-serif;margin:0;display:flex;min-height:100vh;background:#efeae2;color:#111}
nav{width:16rem;background:#fff;border-right:1px solid #ccc;padding:1rem}
nav ul{list-style:none;padding:0}nav button{width:100%;text-align:left;margin:.2rem 0;padding:.5rem}
main{flex:1;display:flex;flex-direction:column;max-width:48rem}
#log{flex:1;padding:1rem;overflow:auto}
.msg{max-width:80%;margin:.4rem 0;padding:.5rem .75rem;border-radius:.5rem;background:#fff;white-space:pre-wrap}
.out{margin-left:auto;background:#d9fdd3}.meta{font-size:.75rem;color:#555}
.msg button{display:block;width:100%;margin-top:.3rem;padding:.4rem;border:1px solid #0a7cff;background:#fff;color:#0a7cff;border-radius:.4rem;cursor:pointer}
.msg img{max-width:100%}form{display:flex;gap:.5rem;padding:.75rem;background:#f0f2f5;flex-wrap:wrap;align-items:end}
label{display:flex;flex-direction:column;font-size:.85rem}input{padding:.5rem}
</style></head><body>
<nav aria-label="Chats"><h1>Driver chats</h1>
<form id="pick"><label>Driver number<input id="number" name="number" value="{from}" required pattern="\\+?91\\d{10}"></label><button type="submit">Open chat</button></form>
<ul id="numbers"></ul></nav>
<main><h2 id="title" aria-live="polite"></h2><div id="log" role="log" aria-live="polite"></div>
<form id="compose"><label>Message<input id="text" name="text" autocomplete="off" required></label><button type="submit">Send</button></form>
<form id="where"><label>Latitude<input id="lat" name="lat" value="19.2813" inputmode="decimal"></label>
<label>Longitude<input id="lng" name="lng" value="73.0483" inputmode="decimal"></label><button type="submit">Share location</button></form>
<p id="error" role="alert"></p></main>
<script nonce="{nonce}">
const $ = (id) => document.getElementById(id);
let current = $('number').value.replace(/\\D/g, '');
let last = '';
function el(tag, props, ...kids) { const e = document.createElement(tag); Object.assign(e, props || {}); kids.forEach((k) => e.append(k)); return e; }
async function act(action) {
  $('error').textContent = '';
  const res = await fetch('${DEV_WHATSAPP_SEND}', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: '+' + current, action }) });
  const body = await res.json();
  if (!res.ok || body.status !== 200) $('error').textContent = 'Not delivered: ' + (body.message || ('webhook answered ' + body.status));
  refresh();
}
function render(entry) {
  const m = entry.message; const box = el('div', { className: 'msg' + (entry.direction === 'out' ? ' out' : '') });
  if (m.type === 'text') box.append(m.text.body);
  else if (m.type === 'image') { box.append(el('img', { src: m.image.link, alt: m.image.caption || 'Image' })); if (m.image.caption) box.append(el('p', {}, m.image.caption)); }
  else if (m.type === 'location') box.append('Location: ' + m.location.latitude + ', ' + m.location.longitude);
  else if (m.type === 'button') box.append(m.button.text);
  else if (m.type === 'template') box.append('Template ' + m.template.name + ': ' + JSON.stringify((m.template.components || []).flatMap((c) => (c.parameters || []).map((p) => p.text))));
  else if (m.type === 'interactive' && entry.direction === 'out') box.append((m.interactive.button_reply || m.interactive.list_reply).title);
  else if (m.type === 'interactive') {
    const i = m.interactive; box.append(i.body.text);
    if (i.type === 'button') i.action.buttons.forEach((b) => box.append(el('button', { type: 'button', textContent: b.reply.title, onclick: () => act({ kind: 'button', id: b.reply.id, title: b.reply.title }) })));
    if (i.type === 'list') { const f = el('fieldset', {}, el('legend', {}, i.action.button)); i.action.sections.forEach((s) => s.rows.forEach((r) => f.append(el('button', { type: 'button', textContent: r.title + (r.description ? ' - ' + r.description : ''), onclick: () => act({ kind: 'list', id: r.id, title: r.title }) })))); box.append(f); }
  }
  box.append(el('div', { className: 'meta', textContent: new Date(entry.at).toLocaleTimeString() + (entry.status ? ' - ' + entry.status : '') }));
  return box;
}
async function refresh() {
  const chats = await (await fetch('${DEV_WHATSAPP_CHATS}')).json();
  const text = JSON.stringify(chats); if (text === last) return; last = text;
  $('numbers').replaceChildren(...Object.keys(chats).map((n) => el('li', {}, el('button', { type: 'button', textContent: '+' + n, onclick: () => { current = n; last = ''; refresh(); } }))));
  $('title').textContent = 'Chat with +' + current;
  $('log').replaceChildren(...(chats[current] || []).map(render));
  $('log').scrollTop = $('log').scrollHeight;
}
$('pick').onsubmit = (e) => { e.preventDefault(); current = $('number').value.replace(/\\D/g, ''); last = ''; refresh(); };
$('compose').onsubmit = (e) => { e.preventDefault(); const t = $('text').value; $('text').value = ''; act({ kind: 'text', text: t }); };
$('where').onsubmit = (e) => { e.preventDefault(); act({ kind: 'location', latitude: Number($('lat').value), longitude: Number($('lng').value) }); };
refresh(); setInterval(refresh, 1000);
</script></body></html>`;
