import { PageHero } from "~/components/page-hero";

export default function Page() {
  return <PageHero eyebrow="Ember & Oak" title="gameroom" />;
}
