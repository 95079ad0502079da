import { COMPANY } from "./options";
import type { SeedTranslation } from "./pages";

const tel = (phone: string) => `<a href="tel:${phone.replace(/\s/g, "")}">${phone}</a>`;
const mail = (email: string) => `<a href="mailto:${email}">${email}</a>`;

/**
 * English and German translations of some pages, keyed by the Croatian slug. The others
 * show the Croatian text under en/de URLs until an editor translates them.
 */
export const PAGE_TRANSLATIONS: Record<string, { eng?: SeedTranslation; ger?: SeedTranslation }> = {
  naslovna: {
    eng: {
      slug: "home",
      title: "Home",
      metaDescription: "Alu Krov – aluminium roof panels, gutters and flashings from Velika Gorica, Croatia: design, manufacture and installation.",
      bodyHtml: `
<h2>An aluminium roof for generations</h2>
<p>For more than 25 years we have designed, manufactured and installed aluminium roof systems for family homes, commercial and industrial buildings. Aluminium does not rust, is light and fully recyclable, so our roofs last for decades without maintenance.</p>
<p>Browse the <a href="/en/shop">online shop</a> or <a href="/en/contact">get in touch</a> for a free assessment of your roof.</p>`,
    },
    ger: {
      slug: "startseite",
      title: "Startseite",
      metaDescription: "Alu Krov – Aluminium-Dachpaneele, Dachrinnen und Verblechungen aus Velika Gorica, Kroatien: Planung, Fertigung und Montage.",
      bodyHtml: `
<h2>Ein Aluminiumdach für Generationen</h2>
<p>Seit mehr als 25 Jahren planen, fertigen und montieren wir Aluminium-Dachsysteme für Einfamilienhäuser, Gewerbe- und Industriebauten. Aluminium rostet nicht, ist leicht und vollständig recycelbar – unsere Dächer halten jahrzehntelang ohne Wartung.</p>
<p>Stöbern Sie im <a href="/de/shop">Onlineshop</a> oder <a href="/de/kontakt">kontaktieren Sie uns</a> für eine kostenlose Einschätzung Ihres Daches.</p>`,
    },
  },
  "o-nama": {
    eng: {
      slug: "about-us",
      title: "About us",
      metaDescription: "Alu Krov d.o.o. from Velika Gorica has manufactured and installed aluminium roof systems since 1998. Meet our company, production and team.",
      bodyHtml: `
<p>${COMPANY.name} is a family company founded in 1998 in Velika Gorica, Croatia. We started as a small sheet-metal workshop; today our own 4,000 m² plant makes aluminium roof panels, gutters, flashings and accessories for Croatia and the region.</p>
<h2>What we do</h2>
<ul>
  <li>Roof system design and bills of quantities</li>
  <li>Made-to-measure roof panels in more than 20 RAL colours</li>
  <li>Gutters and flashings to drawing, including non-standard profiles</li>
  <li>Installation, service and renovation of existing roofs</li>
</ul>
<h2>Quality and certificates</h2>
<p>We use EN AW-3005 and EN AW-3105 aluminium alloys with PVDF and polyester coatings. Our production is ISO 9001 certified and our products carry the CE mark under EN 14782.</p>
<p>Questions? <a href="/en/contact">Contact us</a>.</p>`,
    },
    ger: {
      slug: "ueber-uns",
      title: "Über uns",
      metaDescription: "Alu Krov d.o.o. aus Velika Gorica fertigt und montiert seit 1998 Aluminium-Dachsysteme. Lernen Sie unser Unternehmen, unsere Fertigung und unser Team kennen.",
      bodyHtml: `
<p>${COMPANY.name} ist ein 1998 in Velika Gorica (Kroatien) gegründetes Familienunternehmen. Angefangen haben wir als kleine Spenglerei; heute fertigen wir in unserem eigenen 4.000 m² großen Werk Aluminium-Dachpaneele, Dachrinnen, Verblechungen und Zubehör für Kroatien und die Region.</p>
<h2>Was wir tun</h2>
<ul>
  <li>Planung von Dachsystemen und Leistungsverzeichnisse</li>
  <li>Dachpaneele nach Maß in mehr als 20 RAL-Farben</li>
  <li>Dachrinnen und Verblechungen nach Zeichnung, auch Sonderprofile</li>
  <li>Montage, Service und Sanierung bestehender Dächer</li>
</ul>
<h2>Qualität und Zertifikate</h2>
<p>Wir verarbeiten die Aluminiumlegierungen EN AW-3005 und EN AW-3105 mit PVDF- und Polyesterbeschichtungen. Unsere Fertigung ist nach ISO 9001 zertifiziert, unsere Produkte tragen das CE-Zeichen nach EN 14782.</p>
<p>Fragen? <a href="/de/kontakt">Kontaktieren Sie uns</a>.</p>`,
    },
  },
  kontakt: {
    eng: {
      slug: "contact",
      title: "Contact",
      metaDescription: `Contact Alu Krov: ${COMPANY.street}, ${COMPANY.city}, Croatia. Phone ${COMPANY.phone}, e-mail ${COMPANY.email}. Opening hours.`,
      bodyHtml: `
<p>For quotes, advice or a site visit, call us, write to us or visit our showroom.</p>
<h2>${COMPANY.name}</h2>
<p>${COMPANY.street}<br />${COMPANY.city}<br />Croatia</p>
<p>Phone: ${tel(COMPANY.phone)}<br />Mobile: ${tel(COMPANY.mobile)}<br />E-mail: ${mail(COMPANY.email)}</p>
<h2>Opening hours</h2>
<table>
  <tbody>
    <tr><th scope="row">Monday – Friday</th><td>7:00 – 16:00</td></tr>
    <tr><th scope="row">Saturday</th><td>8:00 – 12:00</td></tr>
    <tr><th scope="row">Sundays and public holidays</th><td>closed</td></tr>
  </tbody>
</table>
<p>We are in the industrial zone of Velika Gorica, ten minutes' drive from Zagreb Franjo Tuđman Airport.</p>`,
    },
    ger: {
      slug: "kontakt",
      title: "Kontakt",
      metaDescription: `Kontakt zu Alu Krov: ${COMPANY.street}, ${COMPANY.city}, Kroatien. Telefon ${COMPANY.phone}, E-Mail ${COMPANY.email}. Öffnungszeiten.`,
      bodyHtml: `
<p>Für Angebote, Beratung oder einen Termin vor Ort rufen Sie uns an, schreiben Sie uns oder besuchen Sie unseren Ausstellungsraum.</p>
<h2>${COMPANY.name}</h2>
<p>${COMPANY.street}<br />${COMPANY.city}<br />Kroatien</p>
<p>Telefon: ${tel(COMPANY.phone)}<br />Mobil: ${tel(COMPANY.mobile)}<br />E-Mail: ${mail(COMPANY.email)}</p>
<h2>Öffnungszeiten</h2>
<table>
  <tbody>
    <tr><th scope="row">Montag – Freitag</th><td>7:00 – 16:00</td></tr>
    <tr><th scope="row">Samstag</th><td>8:00 – 12:00</td></tr>
    <tr><th scope="row">Sonn- und Feiertage</th><td>geschlossen</td></tr>
  </tbody>
</table>
<p>Sie finden uns im Industriegebiet von Velika Gorica, zehn Autominuten vom Flughafen Zagreb entfernt.</p>`,
    },
  },
};
