// The operator's tools reach AWS through the AWS CLI (v2) the deploy already needs, with the caller's
// own profile and region: the repo ships no SDK client for SQS, Secrets Manager, SSM, CloudFormation or
// Lambda, and these tools must not be the reason to add them.
import { execFile } from 'node:child_process';

export function awsJson<T>(args: string[], timeoutMs = 30_000): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      'aws',
      [...args, '--output', 'json'],
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) {
          const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
          return reject(
            new Error(
              missing
                ? 'the AWS CLI (aws) is not installed: https://docs.aws.amazon.com/cli/latest/userguide/getting-started-install.html'
                : `aws ${args.slice(0, 2).join(' ')} failed: ${stderr.trim() || err.message}`,
            ),
          );
        }
        try {
          resolve((stdout.trim() ? JSON.parse(stdout) : {}) as T);
        } catch {
          reject(new Error(`aws ${args.slice(0, 2).join(' ')} answered something that is not JSON`));
        }
      },
    );
  });
}
