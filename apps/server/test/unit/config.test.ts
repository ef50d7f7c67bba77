import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_BYTES } from '@talaqa/domain';
import {
  ConfigError,
  DEFAULT_ACCESS_TOKEN_TTL,
  LOCAL_FAWRY,
  LOCAL_GOOGLE_CLIENT_ID,
  LOCAL_JWT_SECRET,
  LOCAL_PAYMOB,
  LOCAL_TURN_SECRET,
  loadConfig,
  parseTrustProxy,
  secretStrengthBits,
} from '../../src/config';

/** 32 random bytes, base64 (what `openssl rand -base64 32` prints). */
const SECRET = 'q3V9mZ0rT8xK2bW6nY1cL4hF7sJ5dA0pG8eR3uI6oE4=';

function problemsOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env, '/repo');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('names APP_ENV when it is missing', () => {
    expect(problemsOf({})).toMatch(/APP_ENV: is required/);
  });

  it('names APP_ENV when it is not an environment', () => {
    expect(problemsOf({ APP_ENV: 'bogus' })).toMatch(/APP_ENV: must be one of local, staging/);
  });

  it('treats a blank variable as missing', () => {
    expect(problemsOf({ APP_ENV: '  ' })).toMatch(/APP_ENV: is required/);
  });

  it.each(['staging', 'production'])('requires JWT_SECRET in %s', (env) => {
    expect(problemsOf({ APP_ENV: env })).toMatch(/JWT_SECRET: is required/);
  });

  it.each(['staging', 'production'])('refuses the published local JWT_SECRET in %s', (env) => {
    expect(problemsOf({ APP_ENV: env, JWT_SECRET: LOCAL_JWT_SECRET })).toMatch(
      /JWT_SECRET: must not be the published local development secret/,
    );
    expect(problemsOf({ APP_ENV: env, JWT_SECRET: ` ${LOCAL_JWT_SECRET}-2` })).toMatch(
      /JWT_SECRET: must not be the published local/,
    );
  });

  it('refuses a predictable JWT_SECRET outside local, however long', () => {
    for (const secret of ['x'.repeat(32), 'ab'.repeat(40), 'abcd'.repeat(8)]) {
      expect(problemsOf({ APP_ENV: 'staging', JWT_SECRET: secret })).toMatch(
        /JWT_SECRET: is too predictable/,
      );
    }
  });

  it('counts bytes, accepts random secrets of 32 bytes and more', () => {
    expect(secretStrengthBits('x'.repeat(64))).toBe(0);
    // 31 hex characters: 31 bytes.
    expect(
      problemsOf({
        APP_ENV: 'production',
        JWT_SECRET: `${'0123456789abcdef'.repeat(2).slice(0, 31)}`,
      }),
    ).toMatch(/JWT_SECRET: must be at least 32/);
    const staging = { APP_ENV: 'staging', SIMULATORS: 'true' };
    for (const secret of [
      SECRET,
      // `openssl rand -hex 32`
      '4f9c2a7e1b8d3f60a5c9e2b7d4f1a8c3e6b9d2f5a8c1e4b7d0f3a6c9e2b5d8f1',
      // base64url, unpadded: 43 characters
      'q3V9mZ0rT8xK2bW6nY1cL4hF7sJ5dA0pG8eR3uI6oE4',
      '4F9C2A7E1B8D3F60A5C9E2B7D4F1A8C3E6B9D2F5A8C1E4B7D0F3A6C9E2B5D8F1',
    ]) {
      expect(loadConfig({ ...staging, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    }
  });

  it('estimates a secret by the alphabet it is written in', () => {
    expect(secretStrengthBits('4f9c2a7e1b8d3f60a5c9e2b7d4f1a8c3')).toBe(128);
    expect(
      secretStrengthBits('4f9c2a7e1b8d3f60a5c9e2b7d4f1a8c3e6b9d2f5a8c1e4b7d0f3a6c9e2b5d8f1'),
    ).toBe(256);
    // Padding carries nothing: 43 characters of 6 bits.
    expect(secretStrengthBits(SECRET)).toBe(258);
    // base64url: the same 43 characters, two of them from its own alphabet.
    expect(secretStrengthBits('q3V9mZ0rT8xK2bW6nY1cL4hF7sJ5dA0pG8eR3uI6o-_')).toBe(258);
    // Another alphabet: log2 of its distinct characters, at most printable ASCII's log2(95).
    expect(secretStrengthBits('!@#$'.repeat(10))).toBe(80);
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    expect(secretStrengthBits(printable + printable)).toBeCloseTo(190 * Math.log2(95));
    expect(secretStrengthBits(`${printable}\u00e9\u00e8`)).toBeCloseTo(97 * Math.log2(95));
  });

  it('refuses a secret of less than 32 random bytes outside local', () => {
    for (const secret of [
      // `openssl rand -hex 16`: 32 characters, 16 bytes.
      '4f9c2a7e1b8d3f60a5c9e2b7d4f1a8c3',
      // 63 hex characters, 42 base64 characters.
      '4f9c2a7e1b8d3f60a5c9e2b7d4f1a8c3e6b9d2f5a8c1e4b7d0f3a6c9e2b5d8f',
      'q3V9mZ0rT8xK2bW6nY1cL4hF7sJ5dA0pG8eR3uI6oE',
      // 40 printable characters of 26 distinct ones: about 188 bits.
      'Tr0ub4dor&3-correct horse battery staple',
    ]) {
      expect(problemsOf({ APP_ENV: 'production', JWT_SECRET: secret })).toMatch(
        /JWT_SECRET: must hold at least 32 random bytes/,
      );
    }
  });

  it('keeps the published secret for APP_ENV=local', () => {
    expect(loadConfig({ APP_ENV: 'local' }).jwtSecret).toBe(LOCAL_JWT_SECRET);
  });

  it('refuses a short JWT_SECRET', () => {
    expect(problemsOf({ APP_ENV: 'production', JWT_SECRET: 'short' })).toMatch(
      /JWT_SECRET: must be at least 32 characters/,
    );
  });

  it('names every bad variable at once', () => {
    const message = problemsOf({
      APP_ENV: 'production',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'http://x',
      SERVE_APPS: 'maybe',
      LOG_LEVEL: 'loud',
      CORS_ORIGINS: 'http://ok.example, not an origin',
      ACCESS_TOKEN_TTL: '-5',
    });
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'SERVE_APPS',
      'LOG_LEVEL',
      'CORS_ORIGINS',
      'ACCESS_TOKEN_TTL',
      'JWT_SECRET',
    ]) {
      expect(message).toContain(`${name}:`);
    }
    expect(message).not.toContain('APP_ENV:');
  });

  it('fills the local defaults', () => {
    const config = loadConfig({ APP_ENV: 'local' }, '/repo');
    expect(config).toEqual({
      env: 'local',
      host: '0.0.0.0',
      port: 4000,
      databaseUrl: undefined,
      pgliteDir: '/repo/.data/pglite',
      redisUrl: undefined,
      jwtSecret: LOCAL_JWT_SECRET,
      accessTokenTtl: DEFAULT_ACCESS_TOKEN_TTL,
      corsOrigins: [
        'http://localhost:4100',
        'http://127.0.0.1:4100',
        'http://localhost:4200',
        'http://127.0.0.1:4200',
        'http://localhost:4300',
        'http://127.0.0.1:4300',
      ],
      logLevel: 'info',
      serveApps: false,
      appPorts: { web: 4100, admin: 4200, landing: 4300 },
      appsDistDir: '/repo',
      publicUrls: {},
      uploadsDir: '/repo/.data/uploads',
      mediaStorage: { kind: 'disk' },
      videoMaxBytes: VIDEO_MAX_BYTES,
      jobsPollMs: 1000,
      tutorsCacheSeconds: 60,
      redisKeyPrefix: 'talaqa:',
      // No metrics route without a token (docs/deploy.md); the build is named "local".
      metricsToken: undefined,
      version: 'local',
      serverStatsIntervalMs: 5_000,
      // The log export's store (decision 350): warn and above, two weeks, half a million lines.
      logStore: { level: 'warn', retentionDays: 14, exportMaxLines: 500_000 },
      ice: {
        stunUrls: ['stun:127.0.0.1:3478'],
        turnUrls: ['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp'],
        turnSecret: LOCAL_TURN_SECRET,
        turnTtlSeconds: 3600,
      },
      trustProxy: false,
      trustedAddresses: [],
      testClock: false,
      simulators: {
        enabled: true,
        host: '127.0.0.1',
        ports: {
          smtp: 4525,
          whatsapp: 4510,
          telegram: 4520,
          outbox: 4530,
          google: 4540,
          fawry: 4550,
          paymob: 4560,
        },
      },
      email: { smtpUrl: undefined, from: '"طلاقة" <no-reply@talaqa.eg>', allowPlaintext: false },
      whatsapp: undefined,
      telegram: undefined,
      google: {
        clientId: LOCAL_GOOGLE_CLIENT_ID,
        jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      },
      // Bank installments stay off locally too, until Fawry's staging confirms them.
      fawry: {
        baseUrl: 'https://atfawry.fawrystaging.com',
        ...LOCAL_FAWRY,
        installmentsEnabled: false,
      },
      paymob: {
        apiUrl: 'https://accept.paymob.com',
        ...LOCAL_PAYMOB,
        integrationIds: [...LOCAL_PAYMOB.integrationIds],
      },
    });
    expect(DEFAULT_ACCESS_TOKEN_TTL).toBe(7 * 24 * 3600);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      APP_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/talaqa',
      PGLITE_DIR: '/data/pg',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: SECRET,
      ACCESS_TOKEN_TTL: '3600',
      CORS_ORIGINS: 'https://app.talaqa.example, https://admin.talaqa.example',
      LOG_LEVEL: 'warn',
      SERVE_APPS: 'true',
      WEB_PORT: '5100',
      ADMIN_PORT: '5200',
      LANDING_PORT: '5300',
      APPS_DIST_DIR: '/srv/talaqa',
      PUBLIC_API_URL: 'https://api.talaqa.example',
      PUBLIC_WEB_URL: 'https://app.talaqa.example',
      PUBLIC_ADMIN_URL: 'https://admin.talaqa.example',
      PUBLIC_LANDING_URL: 'https://talaqa.example',
      SMTP_URL: 'smtps://mailer:pw@smtp.talaqa.example:465',
      GOOGLE_CLIENT_ID: 'prod.apps.googleusercontent.com',
      WHATSAPP_PHONE_NUMBER_ID: '1234',
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-token-of-ours',
      RATE_LIMIT_TRUSTED_ADDRESSES: '10.0.0.1, 10.0.0.2',
      TRUST_PROXY: '10.0.0.0/8',
      FAWRY_MERCHANT_CODE: 'merchant',
      FAWRY_SECURITY_KEY: 'fawry-key',
      PAYMOB_SECRET_KEY: 'egy_sk_live_x',
      PAYMOB_PUBLIC_KEY: 'egy_pk_live_x',
      PAYMOB_HMAC_SECRET: 'hmac',
      PAYMOB_INTEGRATION_IDS: '11, 22',
      TURN_SECRET: 'a-production-turn-secret-of-ours',
      TURN_URLS: 'turns:turn.talaqa.example:5349?transport=tcp',
      STUN_URLS: 'stun:turn.talaqa.example:3478',
      TURN_TTL_SECONDS: '1800',
      LOG_STORE_LEVEL: 'info',
      LOG_RETENTION_DAYS: '30',
      LOG_EXPORT_MAX_LINES: '1000',
    });
    expect(config).toMatchObject({
      logStore: { level: 'info', retentionDays: 30, exportMaxLines: 1000 },
      ice: {
        stunUrls: ['stun:turn.talaqa.example:3478'],
        turnUrls: ['turns:turn.talaqa.example:5349?transport=tcp'],
        turnSecret: 'a-production-turn-secret-of-ours',
        turnTtlSeconds: 1800,
      },
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/talaqa',
      pgliteDir: '/data/pg',
      redisUrl: 'redis://cache:6379',
      jwtSecret: SECRET,
      accessTokenTtl: 3600,
      corsOrigins: ['https://app.talaqa.example', 'https://admin.talaqa.example'],
      logLevel: 'warn',
      serveApps: true,
      appPorts: { web: 5100, admin: 5200, landing: 5300 },
      appsDistDir: '/srv/talaqa',
      publicUrls: {
        api: 'https://api.talaqa.example',
        web: 'https://app.talaqa.example',
        admin: 'https://admin.talaqa.example',
        landing: 'https://talaqa.example',
      },
      simulators: { enabled: false },
      email: { smtpUrl: 'smtps://mailer:pw@smtp.talaqa.example:465' },
      google: { clientId: 'prod.apps.googleusercontent.com' },
      whatsapp: {
        phoneNumberId: '1234',
        accessToken: 'token',
        templateName: 'talaqa_code',
        apiVersion: 'v26.0',
        appSecret: 'app-secret',
        verifyToken: 'verify-token-of-ours',
      },
      trustProxy: ['10.0.0.0/8'],
      trustedAddresses: ['10.0.0.1', '10.0.0.2'],
      fawry: {
        baseUrl: 'https://www.atfawry.com',
        merchantCode: 'merchant',
        securityKey: 'fawry-key',
      },
      paymob: {
        apiUrl: 'https://accept.paymob.com',
        secretKey: 'egy_sk_live_x',
        publicKey: 'egy_pk_live_x',
        hmacSecret: 'hmac',
        integrationIds: [11, 22],
      },
    });
  });

  it('reads TRUST_PROXY as none or a list of addresses and ranges', () => {
    expect(loadConfig({ APP_ENV: 'local' }).trustProxy).toBe(false);
    const read = (value: string) => loadConfig({ APP_ENV: 'local', TRUST_PROXY: value }).trustProxy;
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(read('10.0.0.0/8, 192.168.1.10 ,fd00::/8,::1,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY that lets a client forge its address, or Fastify would misread', () => {
    expect(problemsOf({ APP_ENV: 'local', TRUST_PROXY: '1' })).toMatch(
      /TRUST_PROXY: must list the balancer addresses, not a hop count/,
    );
    for (const value of [
      'true',
      '1',
      '2',
      'yes',
      '-1',
      '1.5',
      '10.0.0.300',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/8/1',
      'balancer.internal',
      '10.0.0.1, nope',
      ',',
    ]) {
      expect(typeof parseTrustProxy(value), value).toBe('string');
      expect(problemsOf({ APP_ENV: 'local', TRUST_PROXY: value }), value).toMatch(
        /TRUST_PROXY: must/,
      );
    }
  });

  it.each(['staging', 'production'])('requires every payment key in %s', (env) => {
    const message = problemsOf({ APP_ENV: env, JWT_SECRET: SECRET, PAYMOB_PUBLIC_KEY: 'pk' });
    for (const name of [
      'FAWRY_MERCHANT_CODE',
      'FAWRY_SECURITY_KEY',
      'PAYMOB_SECRET_KEY',
      'PAYMOB_HMAC_SECRET',
      'PAYMOB_INTEGRATION_IDS',
    ]) {
      expect(message).toContain(`${name}: is required when APP_ENV is ${env}`);
    }
    expect(message).not.toContain('PAYMOB_PUBLIC_KEY:');
  });

  it('lets staging run on the payment simulators without keys', () => {
    const config = loadConfig({ APP_ENV: 'staging', JWT_SECRET: SECRET, SIMULATORS: 'true' });
    expect(config.fawry).toMatchObject(LOCAL_FAWRY);
    expect(problemsOf({ APP_ENV: 'local', PAYMOB_INTEGRATION_IDS: 'card' })).toMatch(
      /PAYMOB_INTEGRATION_IDS: must be a comma list/,
    );
  });

  it('refuses simulators and missing providers in production, and half a provider anywhere', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ APP_ENV: 'production', JWT_SECRET: SECRET, ...env });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const message = problems({ SIMULATORS: 'true' });
    expect(message).toMatch(/SIMULATORS: must be off in production/);
    expect(message).toMatch(/SMTP_URL: is required in production/);
    expect(message).toMatch(/GOOGLE_CLIENT_ID: is required in production/);
    expect(() => loadConfig({ APP_ENV: 'local', TELEGRAM_BOT_TOKEN: 'x' })).toThrow(
      /TELEGRAM_BOT_USERNAME: is required with TELEGRAM_BOT_TOKEN/,
    );
  });

  it('refuses a log retention or export cap out of bounds, and an unknown store level', () => {
    for (const [name, value] of [
      ['LOG_RETENTION_DAYS', '0'],
      ['LOG_RETENTION_DAYS', '2.5'],
      ['LOG_EXPORT_MAX_LINES', '0'],
      ['LOG_STORE_LEVEL', 'loud'],
    ] as const) {
      expect(() => loadConfig({ APP_ENV: 'local', [name]: value }), name).toThrow(name);
    }
    expect(loadConfig({ APP_ENV: 'local', LOG_STORE_LEVEL: 'silent' }).logStore.level).toBe(
      'silent',
    );
  });

  it('takes a metrics token of 32 characters or more, and the build it names', () => {
    expect(() => loadConfig({ APP_ENV: 'local', METRICS_TOKEN: 'short-token' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    const token = 'a-metrics-token-of-forty-characters-0123';
    const config = loadConfig({ APP_ENV: 'local', METRICS_TOKEN: token, APP_VERSION: 'abc123' });
    expect([config.metricsToken, config.version]).toEqual([token, 'abc123']);
  });

  it('requires TLS for an SMTP password unless plaintext is allowed for this machine', () => {
    const local = (env: Record<string, string>) => loadConfig({ APP_ENV: 'local', ...env });
    expect(
      problemsOf({
        APP_ENV: 'local',
        SMTP_URL: 'smtp://mailer:pw@smtp.talaqa.example:587',
        SMTP_ALLOW_PLAINTEXT: 'true',
      }),
    ).toMatch(
      /SMTP_ALLOW_PLAINTEXT: only for an SMTP server on this machine \(127\.0\.0\.1, ::1, localhost\), not smtp\.talaqa\.example/,
    );
    expect(
      local({ SMTP_URL: 'smtp://mailer:pw@127.0.0.1:2525', SMTP_ALLOW_PLAINTEXT: 'yes' }).email,
    ).toMatchObject({ allowPlaintext: true });
    expect(local({ SMTP_URL: 'smtp://mailer:pw@smtp.talaqa.example:587' }).email).toMatchObject({
      allowPlaintext: false,
    });
    expect(problemsOf({ APP_ENV: 'local', SMTP_ALLOW_PLAINTEXT: 'maybe' })).toMatch(
      /SMTP_ALLOW_PLAINTEXT: must be true or false/,
    );
    expect(
      problemsOf({
        APP_ENV: 'local',
        SMTP_URL: 'smtp://mailer:pw@smtp.talaqa.example:587?ignoreTLS=true',
      }),
    ).toMatch(/SMTP_URL: options in the query string are not read/);
    expect(
      problemsOf({ APP_ENV: 'local', SMTP_URL: 'smtp://mailer:pw@smtp.talaqa.example:465' }),
    ).toMatch(/SMTP_URL: port 465 is TLS from the start: use smtps:\/\//);
  });

  it('keeps bank installments off unless FAWRY_INSTALLMENTS_ENABLED', () => {
    expect(loadConfig({ APP_ENV: 'local' }).fawry.installmentsEnabled).toBe(false);
    expect(
      loadConfig({ APP_ENV: 'local', FAWRY_INSTALLMENTS_ENABLED: 'true' }).fawry
        .installmentsEnabled,
    ).toBe(true);
    expect(problemsOf({ APP_ENV: 'local', FAWRY_INSTALLMENTS_ENABLED: 'soon' })).toMatch(
      /FAWRY_INSTALLMENTS_ENABLED: must be true or false/,
    );
  });

  it('refuses WhatsApp without its webhook settings (app secret, verify token), anywhere', () => {
    const without = problemsOf({
      APP_ENV: 'production',
      JWT_SECRET: SECRET,
      WHATSAPP_PHONE_NUMBER_ID: '1234',
      WHATSAPP_ACCESS_TOKEN: 'token',
    });
    expect(without).toMatch(/WHATSAPP_APP_SECRET: is required with WHATSAPP_PHONE_NUMBER_ID/);
    expect(without).toMatch(/WHATSAPP_VERIFY_TOKEN: is required with WHATSAPP_PHONE_NUMBER_ID/);
    expect(problemsOf({ APP_ENV: 'local', WHATSAPP_APP_SECRET: 'x' })).toMatch(
      /WHATSAPP_ACCESS_TOKEN: is required with WHATSAPP_APP_SECRET/,
    );
    expect(problemsOf({ APP_ENV: 'local', WHATSAPP_API_VERSION: '21' })).toMatch(
      /WHATSAPP_API_VERSION: must be a Graph API version/,
    );
    expect(loadConfig({ APP_ENV: 'local' }).whatsapp).toBeUndefined();
  });

  it('refuses a public URL that is not an origin', () => {
    expect(() => loadConfig({ APP_ENV: 'local', PUBLIC_API_URL: 'api.example/v1' })).toThrow(
      /PUBLIC_API_URL: must be an origin/,
    );
  });

  it('derives the default origins from the app ports', () => {
    const config = loadConfig({ APP_ENV: 'local', WEB_PORT: '5100' }, '/repo');
    expect(config.corsOrigins).toContain('http://localhost:5100');
    expect(config.corsOrigins).not.toContain('http://localhost:4100');
  });
});

describe('media storage', () => {
  it('is the disk unless MEDIA_STORAGE says s3', () => {
    expect(loadConfig({ APP_ENV: 'local' }, '/repo').mediaStorage).toEqual({ kind: 'disk' });
    expect(problemsOf({ APP_ENV: 'local', MEDIA_STORAGE: 'ftp' })).toMatch(
      /MEDIA_STORAGE: must be disk or s3/,
    );
  });

  it('reads the bucket, the endpoint and the keys for s3', () => {
    const config = loadConfig(
      {
        APP_ENV: 'local',
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'talaqa-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      '/repo',
    );
    expect(config.mediaStorage).toEqual({
      kind: 's3',
      s3: {
        bucket: 'talaqa-media',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      },
    });
    // No keys: the SDK's default chain (environment, instance role).
    const roles = loadConfig(
      { APP_ENV: 'local', MEDIA_STORAGE: 's3', S3_BUCKET: 'talaqa-media' },
      '/repo',
    );
    expect(roles.mediaStorage).toMatchObject({ kind: 's3', s3: { credentials: undefined } });
  });

  it('names what s3 lacks: the bucket, or half of the key pair', () => {
    expect(problemsOf({ APP_ENV: 'local', MEDIA_STORAGE: 's3' })).toMatch(
      /S3_BUCKET: is required when MEDIA_STORAGE is s3/,
    );
    expect(
      problemsOf({
        APP_ENV: 'local',
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'b-1',
        S3_ACCESS_KEY_ID: 'x',
      }),
    ).toMatch(/S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/);
    expect(problemsOf({ APP_ENV: 'local', S3_BUCKET: 'Bad_Bucket' })).toMatch(
      /S3_BUCKET: must be an S3 bucket name/,
    );
  });
});
