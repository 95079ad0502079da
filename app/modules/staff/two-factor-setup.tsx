import { useTranslation } from "~/lib/i18n";

/**
 * What an authenticator app needs to enrol (decision 0086): the QR code when one could be
 * drawn, the secret as text (grouped for reading) and the otpauth:// address.
 */
export function TwoFactorSetup({ secret, uri, qr }: { secret: string; uri: string; qr: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-sm" data-testid="two-factor-setup">
      <p>{t("admin.twoFactor.setupHelp")}</p>
      {qr ? (
        <div
          className="w-48 bg-white p-2"
          role="img"
          aria-label={t("admin.twoFactor.qr")}
          // Markup drawn on the server from our own address (two-factor-qr.server.ts): no user text in it.
          dangerouslySetInnerHTML={{ __html: qr }}
        />
      ) : null}
      <p className="font-semibold">{t("admin.twoFactor.secret")}</p>
      <code
        className="block break-all rounded bg-slate-100 p-2 font-mono text-base tracking-wider"
        data-testid="totp-secret"
        data-secret={secret}
      >
        {secret.match(/.{1,4}/g)?.join(" ")}
      </code>
      <details>
        <summary className="cursor-pointer">{t("admin.twoFactor.uri")}</summary>
        <code className="mt-1 block break-all rounded bg-slate-100 p-2 font-mono text-xs" data-testid="totp-uri">
          {uri}
        </code>
      </details>
    </div>
  );
}
