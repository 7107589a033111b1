import type { Config } from './config';

/**
 * What a portal with NODE_ENV=production must not start with (issue 21, item 7; decision 036): the
 * demo's settings and secrets everybody can read in the repository, or no way for a message to reach
 * a member. One line per problem, naming the setting and what to do; an empty list starts.
 * `npm start` (the demo) does not set NODE_ENV, so none of this applies to it.
 */
export function productionProblems(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  const add = (setting: string, line: string) => problems.push(`${setting}: ${line}`);

  if (config.demoMode)
    add(
      'DEMO_MODE',
      `demo mode is on${env.DEMO_MODE === undefined ? ' (the default on the embedded database)' : ''}: /dev answers OTP codes and reset links and the demo payment pays for nothing; set DEMO_MODE=false`,
    );
  // (With demo mode on by default the seed follows it, and DEMO_MODE=false turns both off.)
  if (config.demoSeed && (env.DEMO_SEED !== undefined || !config.demoMode))
    add('DEMO_SEED', 'the demo accounts have a published password (demo-pass-1234); remove DEMO_SEED');

  if (config.jwtSecret !== undefined) {
    const why = weakSecret(config.jwtSecret);
    if (why) add('JWT_SECRET', `${why}; use a random one (openssl rand -base64 48)`);
  }
  if (config.appKeys.includes(DEMO_APP_KEY))
    add(
      'APP_KEYS',
      `still accepts the demo's app key ${DEMO_APP_KEY}, published in the README; set your own keys (the first one is the portal's)`,
    );
  for (const client of config.clients.filter((c) => c.kind === 'confidential')) {
    const why = weakSecret(client.secret);
    if (why)
      add(
        'OAUTH_CLIENTS',
        `the confidential client ${client.id} (it may act as staff) has a weak secret: ${why}`,
      );
  }
  if (config.shop.promptPay) {
    const why = weakSecret(config.shop.promptPay.callbackSecret);
    if (why)
      add(
        'PROMPTPAY_CALLBACK_SECRET',
        `${why}: anyone could sign a payment callback; use the provider's secret`,
      );
  }

  if (config.sms.provider === 'outbox')
    add(
      'SMS_PROVIDER',
      'outbox writes text messages to a file, so no member receives an OTP; set SMS_PROVIDER to a gateway (README, Settings)',
    );
  if (config.mail.transport === 'outbox')
    add(
      'MAIL_TRANSPORT',
      'outbox writes e-mails to a file, so no activation or reset link arrives; set MAIL_TRANSPORT=smtp and SMTP_URL',
    );
  if (!config.publicUrl.startsWith('https://'))
    add(
      'PUBLIC_URL',
      `${env.PUBLIC_URL === undefined ? 'not set' : config.publicUrl}: set the https:// address members use (the links in messages; Secure cookies)`,
    );
  return problems;
}

/** The demo's app key: the README's, the web portal's fallback, and the default of APP_KEYS. */
const DEMO_APP_KEY = 'portal-web';

/** Words of a placeholder someone forgot to replace (the repository's tests use `test-secret-…`). */
const PLACEHOLDER = /change-?me|example|placeholder|test-secret|your-?secret|secret-?here/i;

/**
 * Why a secret is not one (else null): shorter than 32 characters, a placeholder, or so few distinct
 * characters that it was typed rather than drawn (`openssl rand -hex 32` has about 16; base64 more).
 */
export function weakSecret(secret: string): string | null {
  if (secret.length < 32) return `only ${secret.length} characters (at least 32)`;
  if (PLACEHOLDER.test(secret)) return 'a placeholder, not a secret';
  if (new Set(secret).size < 10) return `only ${new Set(secret).size} different characters`;
  return null;
}
