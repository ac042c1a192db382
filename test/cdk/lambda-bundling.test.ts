// A function bundled for real as the CDK bundles every one (lib/lambda.ts with lib/bundling.ts; the
// other CDK tests skip bundling): the files it reads at run time ship beside its code, byte for byte
// the source (the Hindi catalogue, read on the first Hindi request by functions/lib/server-messages.ts),
// and the code neither carries the catalogue nor an import.meta the CommonJS bundle would leave empty.
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { LAMBDA_BUNDLING } from '../../lib/bundling';
import { productFunction } from '../../lib/lambda';

const ROOT = join(import.meta.dirname, '..', '..');

describe('Lambda bundling', () => {
  it('ships the assets beside the bundle, and the Hindi catalogue is not in the code', () => {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'cdk-bundling-')) });
    const stack = new Stack(app, 'Bundling', { env: { account: '111111111111', region: 'ap-south-1' } });
    productFunction(stack, { name: 'contact', entry: 'functions/contact/handler.ts', timeout: Duration.seconds(10), environment: {} });
    const out = app.synth().directory;
    const bundles = readdirSync(out).map((d) => join(out, d)).filter((d) => existsSync(join(d, 'index.js')));
    expect(bundles).toHaveLength(1);
    const bundle = bundles[0]!;
    expect(LAMBDA_BUNDLING.assets.length).toBeGreaterThan(0);
    for (const asset of LAMBDA_BUNDLING.assets) expect(readFileSync(join(bundle, asset.to)).equals(readFileSync(join(ROOT, asset.from))), asset.to).toBe(true);
    const code = readFileSync(join(bundle, 'index.js'), 'utf8');
    expect(code).not.toContain('अमान्य अनुरोध'); // the catalogue's first entry ('Invalid request')
    expect(code).not.toContain('import.meta');
  }, 60_000);
});
