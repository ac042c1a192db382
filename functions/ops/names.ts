// Where a deployed stage keeps what the operator's tools read (scripts/smoke.ts, scripts/dlq.ts), named
// once for the CDK (lib/smoke-account.ts) and the tools alike.

/** The smoke account's password locally (functions/local/seed.ts, README "Sample accounts"); deployed, a generated secret. */
export const LOCAL_SMOKE_PASSWORD = 'Smoke@12345';

export function smokeSettingNames(stage: string) {
  return {
    /** Secrets Manager: `{"username":"smoke","password":"..."}`, generated at the first deploy. */
    secret: `docksaathi/${stage}/smoke-account`,
    /** SSM parameter: the HTTP API's own address (execute-api), which must refuse requests without CloudFront's proof. */
    apiUrl: `/docksaathi/${stage}/api-url`,
  };
}
