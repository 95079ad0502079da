import { COMPANY } from "./options";
import type { SeedTranslation } from "./pages";

const mail = (email: string) => `<a href="mailto:${email}">${email}</a>`;
const GDPR_EMAIL = "gdpr@alu-krov.hr";

/** The legal pages of the footer (Croatian, the source language). */
export const HR_LEGAL_PAGES: SeedTranslation[] = [
  {
    slug: "uvjeti-koristenja",
    title: "Uvjeti korištenja",
    metaDescription: "Opći uvjeti korištenja web stranice i web trgovine Alu Krov d.o.o.",
    bodyHtml: `
<p>Ovi uvjeti vrijede za korištenje web stranice i web trgovine tvrtke ${COMPANY.name}, ${COMPANY.street}, ${COMPANY.city}, OIB ${COMPANY.oib} (u daljnjem tekstu: prodavatelj). Korištenjem stranice prihvaćate ove uvjete.</p>
<h2>Narudžba i sklapanje ugovora</h2>
<p>Ugovor o kupnji sklopljen je kada prodavatelj e-mailom potvrdi zaprimljenu narudžbu. Za proizvode izrađene po mjeri prodavatelj prije izrade može zatražiti potvrdu mjera i predujam.</p>
<h2>Cijene</h2>
<p>Cijene su iskazane u eurima i uključuju PDV. Prodavatelj zadržava pravo promjene cijena; za potvrđene narudžbe vrijedi cijena u trenutku narudžbe.</p>
<h2>Jednostrani raskid ugovora</h2>
<p>Potrošač ima pravo raskinuti ugovor sklopljen na daljinu u roku od 14 dana od primitka robe, bez navođenja razloga. To pravo ne vrijedi za proizvode izrađene prema specifikacijama kupca (krovni paneli, oluci i opšavi po mjeri).</p>
<h2>Jamstvo</h2>
<p>Na aluminijske krovne panele vrijedi jamstvo proizvođača do 30 godina na materijal i boju, uz uvjete navedene u jamstvenom listu. Pravo na jamstvo ne isključuje zakonsku odgovornost prodavatelja za materijalne nedostatke.</p>
<h2>Odgovornost za sadržaj</h2>
<p>Prodavatelj se trudi da podaci na stranici budu točni, ali ne odgovara za tiskarske pogreške i razlike u prikazu boja na zaslonu. Svi sadržaji stranice zaštićeni su autorskim pravom.</p>
<h2>Rješavanje sporova</h2>
<p>Prigovore možete uputiti na ${mail(COMPANY.email)}; odgovaramo u roku od 15 dana. Za sporove je nadležan sud u Velikoj Gorici, a potrošači se mogu obratiti i platformi za online rješavanje sporova Europske komisije.</p>`,
  },
  {
    slug: "politika-privatnosti",
    title: "Politika privatnosti",
    metaDescription: "Kako Alu Krov d.o.o. prikuplja, koristi i štiti osobne podatke kupaca i posjetitelja u skladu s Općom uredbom o zaštiti podataka (GDPR).",
    bodyHtml: `
<p>${COMPANY.name} (voditelj obrade) osobne podatke obrađuje u skladu s Općom uredbom o zaštiti podataka (EU) 2016/679 i Zakonom o provedbi Opće uredbe o zaštiti podataka.</p>
<h2>Koje podatke prikupljamo</h2>
<ul>
  <li>podatke za izradu ponude i narudžbe: ime i prezime, adresu, e-mail adresu, broj telefona, OIB i naziv tvrtke za pravne osobe</li>
  <li>podatke korisničkog računa i povijest narudžbi</li>
  <li>e-mail adresu za primanje newslettera, ako ste se na njega prijavili</li>
  <li>tehničke podatke o posjetu (kolačići), u skladu s <a href="/politika-kolacica">politikom kolačića</a></li>
</ul>
<h2>Svrha i pravna osnova</h2>
<p>Podatke koristimo za izvršenje ugovora (narudžba, dostava, jamstvo), ispunjenje zakonskih obveza (računovodstvo) te, uz vašu privolu, za slanje ponuda i newslettera. Privolu možete povući u svakom trenutku.</p>
<h2>Koliko dugo čuvamo podatke</h2>
<p>Podatke iz računa čuvamo onoliko koliko propisuju računovodstveni propisi (11 godina). Podatke za newsletter čuvamo do odjave, a podatke korisničkog računa do njegova brisanja.</p>
<h2>Primatelji podataka</h2>
<p>Podatke dijelimo samo s partnerima koji nam pomažu izvršiti narudžbu: dostavnim službama, pružatelju usluge kartičnog plaćanja i knjigovodstvenom servisu. Podatke ne prodajemo i ne prenosimo izvan Europskog gospodarskog prostora.</p>
<h2>Vaša prava</h2>
<p>Imate pravo na pristup, ispravak, brisanje i prenosivost podataka, pravo na ograničenje obrade i prigovor te pravo podnijeti pritužbu Agenciji za zaštitu osobnih podataka (AZOP). Zahtjeve šaljite na ${mail(GDPR_EMAIL)}.</p>`,
  },
  {
    slug: "politika-kolacica",
    title: "Politika kolačića",
    metaDescription: "Koje kolačiće koristi web stranica Alu Krov, čemu služe i kako upravljati privolama.",
    bodyHtml: `
<p>Kolačići su male tekstualne datoteke koje stranica sprema u vaš preglednik. Nužni kolačići uvijek su uključeni jer bez njih košarica i prijava ne rade; marketinške i analitičke kolačiće koristimo samo uz vašu privolu.</p>
<table>
  <caption>Kolačići koje postavlja ova stranica</caption>
  <thead>
    <tr><th scope="col">Naziv</th><th scope="col">Vrsta</th><th scope="col">Svrha</th><th scope="col">Trajanje</th></tr>
  </thead>
  <tbody>
    <tr><td>__session</td><td>nužni</td><td>prijava korisnika</td><td>30 dana</td></tr>
    <tr><td>csrf</td><td>nužni</td><td>zaštita obrazaca od zlouporabe</td><td>sesija</td></tr>
    <tr><td>cartId, protectCode</td><td>nužni</td><td>sadržaj košarice</td><td>1 godina</td></tr>
    <tr><td>lng</td><td>nužni</td><td>odabrani jezik</td><td>1 godina</td></tr>
    <tr><td>acceptedCookies</td><td>nužni</td><td>vaš odabir kolačića</td><td>30 dana</td></tr>
  </tbody>
</table>
<h2>Marketinški i analitički kolačići</h2>
<p>Ako ih prihvatite, kolačići alata za analitiku posjeta i oglašavanje pomažu nam razumjeti kako se stranica koristi i prikazivati relevantne oglase. Bez vaše privole ne postavljamo ih.</p>
<h2>Promjena privole</h2>
<p>Odabir možete promijeniti brisanjem kolačića u pregledniku; pri sljedećem posjetu ponovno ćete vidjeti obavijest o kolačićima. Više o obradi podataka pročitajte u <a href="/politika-privatnosti">politici privatnosti</a>.</p>`,
  },
];
