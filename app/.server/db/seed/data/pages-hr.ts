import { COMPANY } from "./options";
import type { SeedTranslation } from "./pages";

const tel = (phone: string) => `<a href="tel:${phone.replace(/\s/g, "")}">${phone}</a>`;
const mail = (email: string) => `<a href="mailto:${email}">${email}</a>`;

/** The company pages the seeded navigations link to (Croatian, the source language). */
export const HR_COMPANY_PAGES: SeedTranslation[] = [
  {
    slug: "naslovna",
    title: "Naslovna",
    metaDescription:
      "Alu Krov d.o.o. – aluminijski krovni paneli, oluci i opšavi iz Velike Gorice. Projektiranje, proizvodnja i montaža krovnih sustava po cijeloj Hrvatskoj.",
    bodyHtml: `
<h2>Aluminijski krov za generacije</h2>
<p>Više od 25 godina projektiramo, proizvodimo i montiramo aluminijske krovne sustave za obiteljske kuće, poslovne i industrijske objekte. Aluminij ne hrđa, lagan je i potpuno se reciklira, zato naši krovovi traju desetljećima bez održavanja.</p>
<ul>
  <li><strong>Vlastita proizvodnja</strong> krovnih panela, oluka i opšava u Velikoj Gorici</li>
  <li><strong>Jamstvo do 30 godina</strong> na materijal i boju</li>
  <li><strong>Stručna montaža</strong> i savjetovanje na gradilištu</li>
  <li><strong>Dostava</strong> na području cijele Hrvatske i susjednih zemalja</li>
</ul>
<p>Pogledajte ponudu u <a href="/shop">web trgovini</a> ili nam se <a href="/kontakt">javite</a> za besplatnu procjenu vašeg krova.</p>`,
  },
  {
    slug: "o-nama",
    title: "O nama",
    metaDescription:
      "Alu Krov d.o.o. iz Velike Gorice od 1998. proizvodi i montira aluminijske krovne sustave. Upoznajte našu tvrtku, proizvodnju i tim.",
    bodyHtml: `
<p>${COMPANY.name} obiteljska je tvrtka osnovana 1998. godine u Velikoj Gorici. Počeli smo kao mala limarska radionica, a danas u vlastitom proizvodnom pogonu od 4.000 m² izrađujemo aluminijske krovne panele, oluke, opšave i pribor za tržište Hrvatske i regije.</p>
<h2>Što radimo</h2>
<ul>
  <li>Projektiranje krovnih sustava i izrada troškovnika</li>
  <li>Proizvodnja krovnih panela na mjeru, u više od 20 boja iz RAL palete</li>
  <li>Izrada oluka i opšava po nacrtu, uključujući nestandardne profile</li>
  <li>Montaža, servis i sanacija postojećih krovova</li>
</ul>
<h2>Kvaliteta i certifikati</h2>
<p>Koristimo aluminijske legure EN AW-3005 i EN AW-3105 s kvalitetnim PVDF i poliesterskim premazima. Proizvodnja je certificirana prema normi ISO 9001, a proizvodi nose CE oznaku sukladno normi EN 14782.</p>
<blockquote>Krov je najvažniji dio kuće. Zato ga radimo onako kako bismo ga radili za sebe.</blockquote>
<h2>Naš tim</h2>
<p>Zapošljavamo 45 djelatnika: inženjere, limare, montere i savjetnike u prodaji. Svaki projekt vodi jedna osoba od prve ponude do završetka montaže.</p>
<p>Pogledajte <a href="/reference">naše reference</a> ili nas <a href="/kontakt">kontaktirajte</a>.</p>`,
  },
  {
    slug: "reference",
    title: "Reference",
    metaDescription:
      "Odabrani projekti tvrtke Alu Krov: aluminijski krovovi na obiteljskim kućama, sportskim dvoranama, poslovnim i industrijskim objektima.",
    bodyHtml: `
<p>Od 1998. izveli smo više od 1.800 krovova. Ovo je izbor projekata na koje smo posebno ponosni.</p>
<table>
  <caption>Odabrani projekti</caption>
  <thead>
    <tr><th scope="col">Objekt</th><th scope="col">Mjesto</th><th scope="col">Godina</th><th scope="col">Površina</th></tr>
  </thead>
  <tbody>
    <tr><td>Sportska dvorana osnovne škole</td><td>Velika Gorica</td><td>2023.</td><td>2.450 m²</td></tr>
    <tr><td>Logističko-distributivni centar</td><td>Sveta Nedelja</td><td>2022.</td><td>11.800 m²</td></tr>
    <tr><td>Hotel uz more, sanacija krova</td><td>Poreč</td><td>2021.</td><td>1.900 m²</td></tr>
    <tr><td>Poslovna zgrada</td><td>Zagreb, Buzin</td><td>2020.</td><td>3.100 m²</td></tr>
    <tr><td>Obiteljske kuće, naselje od 24 kuće</td><td>Samobor</td><td>2019.</td><td>4.300 m²</td></tr>
  </tbody>
</table>
<h2>Sanacije starih krovova</h2>
<p>Velik dio naših radova čine zamjene dotrajalih salonitnih i limenih krovova. Aluminijski paneli postavljaju se bez teškog uklanjanja postojeće konstrukcije, a cijeli posao na obiteljskoj kući obično je gotov za tri do pet dana.</p>
<p>Želite li pogledati neki od objekata uživo? <a href="/kontakt">Javite nam se</a> i dogovorit ćemo posjet.</p>`,
  },
  {
    slug: "kontakt",
    title: "Kontakt",
    metaDescription: `Kontakt tvrtke Alu Krov: ${COMPANY.street}, ${COMPANY.city}. Telefon ${COMPANY.phone}, e-mail ${COMPANY.email}. Radno vrijeme i upute za dolazak.`,
    bodyHtml: `
<p>Za ponude, savjet ili dogovor izlaska na teren javite nam se telefonom, e-mailom ili nas posjetite u izložbenom prostoru.</p>
<h2>${COMPANY.name}</h2>
<p>${COMPANY.street}<br />${COMPANY.city}<br />${COMPANY.country}</p>
<p>Telefon: ${tel(COMPANY.phone)}<br />Mobitel: ${tel(COMPANY.mobile)}<br />E-mail: ${mail(COMPANY.email)}</p>
<p>OIB: ${COMPANY.oib}<br />IBAN: ${COMPANY.iban}</p>
<h2>Radno vrijeme</h2>
<table>
  <tbody>
    <tr><th scope="row">Ponedjeljak – petak</th><td>7:00 – 16:00</td></tr>
    <tr><th scope="row">Subota</th><td>8:00 – 12:00</td></tr>
    <tr><th scope="row">Nedjelja i blagdani</th><td>zatvoreno</td></tr>
  </tbody>
</table>
<h2>Kako do nas</h2>
<p>Nalazimo se u industrijskoj zoni Velike Gorice, deset minuta vožnje od Zračne luke Franjo Tuđman. Parkiralište za kupce nalazi se ispred izložbenog prostora.</p>`,
  },
  {
    slug: "dostava-i-placanje",
    title: "Dostava i plaćanje",
    metaDescription: "Načini i cijene dostave aluminijskih krovnih sustava, rokovi isporuke i načini plaćanja u web trgovini Alu Krov.",
    bodyHtml: `
<h2>Dostava</h2>
<p>Proizvode dostavljamo vlastitim vozilima i putem dostavnih službi. Krovni paneli i oluci izrađuju se na mjeru, pa rok isporuke ovisi o narudžbi.</p>
<table>
  <thead>
    <tr><th scope="col">Način dostave</th><th scope="col">Rok</th><th scope="col">Cijena</th></tr>
  </thead>
  <tbody>
    <tr><td>Osobno preuzimanje u Velikoj Gorici</td><td>1 – 2 radna dana</td><td>besplatno</td></tr>
    <tr><td>Dostavna služba (pribor i paketi do 30 kg)</td><td>2 – 4 radna dana</td><td>od 6,90 €</td></tr>
    <tr><td>Dostava kamionom (paneli, oluci, opšavi)</td><td>5 – 10 radnih dana</td><td>prema udaljenosti</td></tr>
  </tbody>
</table>
<p>Za narudžbe iznad 1.500 € dostava kamionom na području Zagrebačke županije je besplatna. Prije dostave kamionom javljamo vam se telefonom radi dogovora termina; pristup vozilu do 12 m mora biti osiguran.</p>
<h2>Plaćanje</h2>
<ul>
  <li>kreditnim i debitnim karticama (Visa, Mastercard, Maestro)</li>
  <li>uplatom na račun prema ponudi (IBAN ${COMPANY.iban})</li>
  <li>gotovinom ili karticom pri osobnom preuzimanju</li>
</ul>
<p>Sve cijene iskazane su u eurima i uključuju PDV. Račun dobivate e-mailom nakon isporuke.</p>
<h2>Reklamacije i povrat</h2>
<p>Standardni pribor možete vratiti u roku od 14 dana od primitka. Proizvodi izrađeni po mjeri ne mogu se vratiti, osim u slučaju greške. Reklamacije šaljite na ${mail(COMPANY.email)}.</p>`,
  },
];
