/**
 * Splash intro on the forced domain: the overlay plays, then the logo scales (≈0.5 s)
 * and fades out (≈1 s). Pure CSS, so it also ends without JavaScript.
 */
export function Splash({ logo }: { logo: { src: string; alt: string } }) {
  return (
    <div
      aria-hidden="true"
      data-testid="splash"
      className="pointer-events-none fixed inset-0 z-[200] flex items-center justify-center bg-brand-900"
      style={{ animation: "splash-out 0.3s ease-out 2.2s forwards" }}
    >
      <img
        src={logo.src}
        alt=""
        width={220}
        height={56}
        className="brightness-0 invert"
        style={{ animation: "splash-logo-out 1s ease-in 1.2s forwards" }}
      />
    </div>
  );
}
