import type { MediaRef } from "~/lib/media";
import { ResponsiveImage } from "~/modules/media/responsive-image";

/**
 * The home page's opening banner: the home page's first `hero` component (decision 0051: the
 * editor changes it in place like any section; a seed step made the old fixed banner its
 * content), else the site name.
 */
export function HomeHero({ siteName, hero }: { siteName: string; hero: { title: string; text: string; image: MediaRef | null } | null }) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-600 px-4 py-24 text-white" data-testid="home">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-4xl font-bold md:text-5xl">{hero?.title || siteName}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">{hero?.text}</p>
        {hero?.image ? <ResponsiveImage media={hero.image} size="large" eager className="mt-8 rounded" /> : null}
      </div>
    </section>
  );
}
