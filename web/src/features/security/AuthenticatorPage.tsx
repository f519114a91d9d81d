import { useState } from 'react';
import { mutate } from 'swr';
import { authenticatorCodeSchema } from '@shared/schemas/second-factor';
import { Alert, Button, Link } from '../../components/ui';
import { FormTextField } from '../../lib/forms/FormTextField';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { call } from '../../lib/api/client';
import { apiKey, useApi } from '../../lib/api/use-api';
import { routes } from '../../lib/api/routes';
import { Page } from '../../lib/page';
import './AuthenticatorPage.css';

/** The secret in groups of four, as authenticator apps print keys: easier to copy by hand. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Setting up an authenticator app (TOTP): a new key (text and otpauth link), then a code
 * from the app confirms it. Required of superadmins and conference admins, whom the
 * account gate sends here; offered to everyone from their profile.
 */
export default function AuthenticatorPage() {
  const status = useApi(routes.security.secondFactor);
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  async function start() {
    setStarting(true);
    setStartError(null);
    try {
      setSetup(await call(routes.security.beginAuthenticatorSetup));
    } catch (error) {
      setStartError((error as Error).message);
    } finally {
      setStarting(false);
    }
  }

  if (status.data?.secondFactor) {
    return (
      <Page title="Authenticator app">
        <Alert tone="success" title="Your authenticator app is set up.">
          From your next sign-in on, you will be asked for a code from it after your password.
        </Alert>
        <p>
          <Link href="/">Continue to Formation Tracks</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Authenticator app">
      <div className="authenticator-page">
        {status.data?.required ? (
          <Alert tone="warning" title="Set up an authenticator app to continue.">
            Your role lets you change other people&apos;s access, so every sign-in must also be confirmed with a code from an authenticator app on your phone.
          </Alert>
        ) : (
          <p>Protect your account: with an authenticator app, every sign-in also asks for a code from your phone.</p>
        )}
        <section className="app-section" aria-labelledby="authenticator-step-1">
          <h2 id="authenticator-step-1">1. Add Formation Tracks to your app</h2>
          {setup ? (
            <>
              <p>In your authenticator app, add an account and enter the setup key, or open the setup link on the device with the app.</p>
              <dl className="authenticator-setup">
                <dt>Setup key</dt>
                <dd className="authenticator-secret">
                  <code>{grouped(setup.secret)}</code>
                </dd>
                <dt>Setup link</dt>
                <dd className="authenticator-uri">
                  <Link href={setup.uri}>Add to authenticator app</Link>
                  <code>{setup.uri}</code>
                </dd>
              </dl>
            </>
          ) : (
            <>
              <p>You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.</p>
              {startError && <Alert tone="danger">{startError}</Alert>}
              {/* Disabled rather than pending: the button goes away on success, and a pending announcement would point at nothing. */}
              <Button onPress={() => void start()} isDisabled={starting}>
                Set up authenticator app
              </Button>
            </>
          )}
        </section>
        {setup && <VerifyCode required={Boolean(status.data?.required)} />}
      </div>
    </Page>
  );
}

function VerifyCode({ required }: { required: boolean }) {
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema: authenticatorCodeSchema,
    defaultValues: { code: '' },
    isShownField: (path) => path === 'code',
    save: async (values) => {
      const status = await call(routes.security.verifyAuthenticatorSetup, { body: values });
      // The gate and this page read the session's status: both move on to the success state.
      await mutate(apiKey(routes.security.secondFactor), status, { revalidate: false });
    },
  });
  return (
    <section className="app-section" aria-labelledby="authenticator-step-2">
      <h2 id="authenticator-step-2">2. Enter the code the app shows</h2>
      <form className="authenticator-form" onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="danger">{banner}</Alert>}
        <FormTextField
          control={form.control}
          name="code"
          label="6-digit code"
          description="The code changes every 30 seconds; enter the one shown now."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          isRequired
          autoFocus
        />
        <Button type="submit" isDisabled={isPending}>
          {required ? 'Verify and continue' : 'Verify'}
        </Button>
      </form>
    </section>
  );
}
