import { club, formatPriceRange, lounges } from "./site-config.ts";

/** schema.org JSON-LD for the home page: priceRange and the five amenities
 * (docs/product-rules.md#site). */
export function localBusinessJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BarOrPub",
    additionalType: "https://schema.org/LocalBusiness",
    name: club.name,
    description: club.description,
    url: `${siteUrl}/`,
    telephone: club.officePhone.e164,
    priceRange: formatPriceRange(" - "),
    image: `${siteUrl}/images/og-card.png`,
    address: {
      "@type": "PostalAddress",
      addressLocality: club.city,
      addressRegion: club.regionCode,
      addressCountry: club.country,
    },
    areaServed: `${club.city}, ${club.region}`,
    amenityFeature: club.amenities.map((name) => ({
      "@type": "LocationFeatureSpecification",
      name,
      value: true,
    })),
    department: lounges.map((lounge) => ({
      "@type": "BarOrPub",
      name: `${club.shortName} ${lounge.name}`,
      url: `${siteUrl}${lounge.path}`,
    })),
  };
}
