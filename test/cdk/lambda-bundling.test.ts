// Functions bundled for real as the CDK bundles every one (lib/lambda.ts with lib/bundling.ts; the
// other CDK tests skip bundling): the files they read at run time ship beside their code, byte for
// byte the source (the Hindi catalogue, read on the first Hindi request by
// functions/lib/server-messages.ts), and the code neither carries the catalogue nor an import.meta the
// CommonJS bundle would leave empty. Code split off into a side bundle (the VAHAN XML reader,
// functions/lib/side-bundle.ts) is built beside the functions that load it only, is not in their
// code, and reads a VAHAN answer from there; the detention PDFs (pdf-lib) draw a statement from theirs,
// the QR encoder a check-in code from its own, and the gate pass's cryptography (jose) makes a key,
// signs a pass and reads it back from its own.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { LAMBDA_BUNDLING } from '../../lib/bundling';
import { productFunction } from '../../lib/lambda';
import type { SideBundle } from '../../functions/lib/side-bundle';
import { VAHAN_XML_READER } from '../../functions/gate/registry/vahan';
import { DETENTION_PDFS } from '../../functions/detention/pdf-bundle';
import { QR_CODES } from '../../functions/lib/qr';
import { PASS_CRYPTO } from '../../functions/passes/crypto';

const ROOT = join(import.meta.dirname, '..', '..');
/** An error code of fast-xml-parser's validator: in the code that carries the parser, and only there. */
const PARSER_MARK = 'InvalidXml';
/** A name in the qrcode package's encoder: in the code that carries it, and only there. */
const QR_MARK = 'BitMatrix size must be defined';
/** The header pdf-lib writes at the top of every PDF: in the code that carries pdf-lib, and only there. */
const PDF_MARK = '%PDF-';
/** An error code of jose's: in the code that carries jose, and only there. */
const JOSE_MARK = 'ERR_JWS_INVALID';

describe('Lambda bundling', () => {
  it('ships the assets beside each bundle, and the side bundles beside those that load them only', async () => {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'cdk-bundling-')) });
    const stack = new Stack(app, 'Bundling', { env: { account: '111111111111', region: 'ap-south-1' } });
    for (const name of ['contact', 'checkins', 'detention'])
      productFunction(stack, {
        name,
        entry: `functions/${name}/handler.ts`,
        timeout: Duration.seconds(10),
        environment: {},
      });
    const assembly = app.synth();
    // Each function's bundle directory, through the S3 key of its code (asset.<hash> in the assembly).
    const resources = Object.entries(
      assembly.getStackByName('Bundling').template.Resources as Record<
        string,
        { Type: string; Properties: { Code?: { S3Key: string } } }
      >,
    );
    const bundleOf = (name: string) => {
      const [, fn] = resources.find(
        ([id, r]) => r.Type === 'AWS::Lambda::Function' && id.startsWith(name.replace(/-/g, '')),
      )!;
      return join(assembly.directory, `asset.${fn.Properties.Code!.S3Key.replace(/\.zip$/, '')}`);
    };
    const bundles = { contact: bundleOf('contact'), checkins: bundleOf('checkins'), detention: bundleOf('detention') };
    /** A side bundle as it ships: listed, named by the code of `from` and beside it (with `mark`, when
     * given: what only that code carries), not beside `without`'s; its module, loaded from there. */
    const shipped = <M>(side: SideBundle, from: string, without: string, mark?: string): M => {
      expect(LAMBDA_BUNDLING.sideBundles).toContain(side);
      expect(readFileSync(join(from, 'index.js'), 'utf8')).toContain(side.bundled);
      expect(existsSync(join(without, side.bundled))).toBe(false);
      if (mark) expect(readFileSync(join(from, side.bundled), 'utf8')).toContain(mark);
      return createRequire(import.meta.url)(join(from, side.bundled)) as M;
    };

    expect(LAMBDA_BUNDLING.assets.length).toBeGreaterThan(0);
    for (const bundle of Object.values(bundles)) {
      for (const asset of LAMBDA_BUNDLING.assets)
        expect(readFileSync(join(bundle, asset.to)).equals(readFileSync(join(ROOT, asset.from))), asset.to).toBe(true);
      const code = readFileSync(join(bundle, 'index.js'), 'utf8');
      expect(code).not.toContain('अमान्य अनुरोध'); // the catalogue's first entry ('Invalid request')
      expect(code).not.toContain('import.meta');
      expect(code).not.toContain(PARSER_MARK);
      expect(code).not.toContain(PDF_MARK);
      expect(code).not.toContain(QR_MARK);
      expect(code).not.toContain(JOSE_MARK);
    }

    // checkins runs gate checks: its code names the XML reader, which ships beside it and reads VAHAN's
    // XML there (as functions/local/fake-ulip.ts answers it); contact never loads it and gets none.
    const reader = shipped<typeof import('../../functions/gate/registry/vahan-xml')>(
      VAHAN_XML_READER,
      bundles.checkins,
      bundles.contact,
      PARSER_MARK,
    );
    expect(
      reader.readXml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<VehicleDetails>\n  <rc_regn_no>MH12AB1234</rc_regn_no>\n  <rc_fit_upto>18-Oct-2029</rc_fit_upto>\n</VehicleDetails>',
      ),
    ).toEqual({
      '?xml': '',
      VehicleDetails: { rc_regn_no: 'MH12AB1234', rc_fit_upto: '18-Oct-2029' },
    });
    expect(reader.readXml('<html><body><h1>502 Bad Gateway</h1>')).toBeNull();

    // detention draws PDFs: pdf-lib ships beside it, not in its code (nor in the others'), and draws there.
    const pdfs = shipped<typeof import('../../functions/detention/pdfs')>(
      DETENTION_PDFS,
      bundles.detention,
      bundles.checkins,
    );
    const statement = await pdfs.statementPdf({
      id: 'st-1',
      number: 'DET-2026-11-0001',
      carrierId: 'c-1',
      carrierName: 'Vayu Roadlines',
      month: '2026-11',
      status: 'open',
      issuedAt: '2026-12-01T04:30:00.000Z',
      issuedBy: 'admin',
      totals: { trucks: 0, chargedHours: 0, detentionPaise: 0, lateFeePaise: 0, netPaise: 0 },
      openDisputes: 0,
      supersedes: null,
      supersededBy: null,
      closedAt: null,
      closedBy: null,
      revision: 1,
      lines: [],
      byFacility: [],
      byCause: { door_wait: 0, at_door: 0, documents: 0, hub_hold: 0 },
    });
    expect(Buffer.from(statement.subarray(0, 5)).toString('latin1')).toBe(PDF_MARK);

    // checkins draws the gate's check-in QR code: the encoder ships beside it, not in its code, and draws
    // there; contact draws none and gets none.
    const codes = shipped<typeof import('../../functions/lib/qr-codes')>(
      QR_CODES,
      bundles.checkins,
      bundles.contact,
      QR_MARK,
    );
    expect(codes.qrSvg('https://example.in/c/abc')).toMatch(/^<svg [^>]*viewBox="0 0 29 29"/);
    expect(codes.qrPng('https://example.in/c/abc').subarray(1, 4).toString('latin1')).toBe('PNG');

    // checkins reads a pass synced from the gate: jose ships beside it, not in its code, and there makes
    // a facility's key pair, signs a pass and reads it back; contact reads none and gets none.
    const crypto = shipped<typeof import('../../functions/passes/pass-crypto')>(
      PASS_CRYPTO,
      bundles.checkins,
      bundles.contact,
      JOSE_MARK,
    );
    const { publicJwk, privateJwk } = await crypto.newPassKeyPair();
    const claims = {
      apt: 'appt-1',
      ver: 0,
      ref: 'DS-1',
      fac: 'facility-1',
      fnm: 'Bhiwandi DC',
      tz: 'Asia/Kolkata',
      veh: 'MH04AB1234',
      day: '2026-12-07',
      ws: '10:00',
      we: '11:00',
      nbf: 1_796_616_000, // 7 Dec 2026, 09:30 IST (check-in opens)
      exp: 1_796_668_200, // 8 Dec 2026, 00:00 IST
    };
    const pass = await crypto.signGatePass(claims, { ...privateJwk, kid: 'k1' });
    const context = { keys: [{ ...publicJwk, kid: 'k1' }], revocations: [], facilityId: 'facility-1' };
    const at = new Date('2026-12-07T10:15:00+05:30');
    expect(await crypto.verifyGatePass(pass, { ...context, now: at })).toEqual({
      ok: true,
      pass: claims,
    });
    // Read with no key of its facility's, it is a forgery.
    expect(await crypto.verifyGatePass(pass, { ...context, keys: [], now: at })).toEqual({
      ok: false,
      reason: 'forged',
    });
  }, 120_000);
});
