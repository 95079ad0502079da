/** Demo blog content (decisions 0013 and 0023): terms, posts (Croatian, some translated) and events. */
type Names = { hrv: [string, string]; eng: [string, string]; ger: [string, string] };
export type SeedTerm = { key: string; type: "category" | "tag"; names: Names };

export const BLOG_TERMS: SeedTerm[] = [
  { key: "savjeti", type: "category", names: { hrv: ["Savjeti", "savjeti"], eng: ["Tips", "tips"], ger: ["Tipps", "tipps"] } },
  { key: "novosti", type: "category", names: { hrv: ["Novosti", "novosti"], eng: ["News", "news"], ger: ["Neuigkeiten", "neuigkeiten"] } },
  { key: "projekti", type: "category", names: { hrv: ["Projekti", "projekti"], eng: ["Projects", "projects"], ger: ["Projekte", "projekte"] } },
  { key: "oluci", type: "tag", names: { hrv: ["Oluci", "oluci"], eng: ["Gutters", "gutters"], ger: ["Dachrinnen", "dachrinnen"] } },
  { key: "odrzavanje", type: "tag", names: { hrv: ["Održavanje", "odrzavanje"], eng: ["Maintenance", "maintenance"], ger: ["Wartung", "wartung"] } },
  { key: "aluminij", type: "tag", names: { hrv: ["Aluminij", "aluminij"], eng: ["Aluminium", "aluminium"], ger: ["Aluminium", "aluminium"] } },
];

type Text = { title: string; slug: string; bodyHtml: string };
export type SeedPost = { hrv: Text; eng?: Text; ger?: Text; daysAgo: number; terms: string[]; status?: "draft" };

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("");

export const BLOG_POSTS: SeedPost[] = [
  {
    daysAgo: 2,
    terms: ["savjeti", "oluci", "odrzavanje"],
    hrv: {
      title: "Kako očistiti oluke prije zime",
      slug: "kako-ocistiti-oluke-prije-zime",
      bodyHtml:
        p("Začepljeni oluci najčešći su uzrok prokišnjavanja krajem jeseni. Lišće i grančice zadržavaju vodu koja se zimi smrzava.") +
        "<h2>Što vam treba</h2><ul><li>stabilne ljestve</li><li>rukavice i lopatica</li><li>vrtno crijevo</li></ul>" +
        p("Nakon čišćenja pustite vodu kroz olučne vertikale i provjerite spojeve. Aluminijski oluci ne hrđaju, pa je pregled brz."),
    },
    eng: {
      title: "How to clean gutters before winter",
      slug: "how-to-clean-gutters-before-winter",
      bodyHtml:
        p("Clogged gutters are the most common cause of leaks in late autumn. Leaves and twigs hold water that freezes in winter.") +
        "<h2>What you need</h2><ul><li>a stable ladder</li><li>gloves and a scoop</li><li>a garden hose</li></ul>" +
        p("After cleaning, run water through the downpipes and check the joints. Aluminium gutters do not rust, so the check is quick."),
    },
    ger: {
      title: "Dachrinnen vor dem Winter reinigen",
      slug: "dachrinnen-vor-dem-winter-reinigen",
      bodyHtml:
        p("Verstopfte Dachrinnen sind die häufigste Ursache für Undichtigkeiten im Spätherbst.") +
        p("Spülen Sie nach der Reinigung die Fallrohre mit Wasser und prüfen Sie die Verbindungen."),
    },
  },
  {
    daysAgo: 6,
    terms: ["novosti", "aluminij"],
    hrv: {
      title: "Nova boja u ponudi: RAL 7016 antracit",
      slug: "nova-boja-ral-7016-antracit",
      bodyHtml: p("Od ovog mjeseca sve olučne sustave nudimo i u antracit sivoj boji RAL 7016.", "Boja je plastificirana i otporna na UV zračenje."),
    },
    eng: {
      title: "New colour available: RAL 7016 anthracite",
      slug: "new-colour-ral-7016-anthracite",
      bodyHtml: p("From this month all gutter systems are also available in anthracite grey RAL 7016.", "The powder coating resists UV light."),
    },
  },
  {
    daysAgo: 10,
    terms: ["projekti", "aluminij"],
    hrv: {
      title: "Obiteljska kuća u Samoboru: novi krov za tri dana",
      slug: "obiteljska-kuca-samobor-novi-krov",
      bodyHtml: p("Stari crijep zamijenili smo aluminijskim krovnim panelima u boji RAL 8019.", "Montaža je trajala tri radna dana, uključujući nove oluke i opšave."),
    },
  },
  {
    daysAgo: 14,
    terms: ["savjeti", "aluminij"],
    hrv: {
      title: "Aluminij ili pocinčani lim: što odabrati",
      slug: "aluminij-ili-pocincani-lim",
      bodyHtml: p("Aluminij je lakši, ne hrđa i traje dulje od pocinčanog lima.", "Pocinčani lim je jeftiniji pri kupnji, ali zahtijeva više održavanja."),
    },
    ger: {
      title: "Aluminium oder verzinktes Blech",
      slug: "aluminium-oder-verzinktes-blech",
      bodyHtml: p("Aluminium ist leichter, rostet nicht und hält länger als verzinktes Blech."),
    },
  },
  { daysAgo: 20, terms: ["novosti"], hrv: { title: "Sajam graditeljstva 2026: posjetite nas", slug: "sajam-graditeljstva-2026", bodyHtml: p("Naš štand nalazi se u hali 5. Pripremili smo sajamske popuste.") } },
  { daysAgo: 26, terms: ["savjeti", "odrzavanje"], hrv: { title: "Pregled krova nakon oluje", slug: "pregled-krova-nakon-oluje", bodyHtml: p("Nakon jakog vjetra provjerite opšave, snjegobrane i pričvrsnice.") } },
  { daysAgo: 33, terms: ["projekti"], hrv: { title: "Poslovna zgrada u Velikoj Gorici", slug: "poslovna-zgrada-velika-gorica", bodyHtml: p("Ravni krov od 1.200 m² dobio je nove aluminijske atike i odvodnju.") } },
  { daysAgo: 40, terms: ["savjeti", "oluci"], hrv: { title: "Koliko olučnih vertikala treba vaša kuća", slug: "koliko-olucnih-vertikala", bodyHtml: p("Jedna vertikala promjera 100 mm odvodi vodu s otprilike 100 m² krova.") } },
  { daysAgo: 47, terms: ["novosti"], hrv: { title: "Produljeno radno vrijeme izložbenog salona", slug: "produljeno-radno-vrijeme", bodyHtml: p("Subotom smo otvoreni od 8 do 14 sati.") } },
  { daysAgo: 55, terms: ["projekti", "oluci"], hrv: { title: "Vikendica na Krku: polukružni oluci", slug: "vikendica-krk-polukruzni-oluci", bodyHtml: p("Polukružni oluci od 125 mm u bakrenoj boji uklopili su se u kamenu fasadu.") } },
  { daysAgo: 63, terms: ["savjeti"], hrv: { title: "Snjegobrani: kada su obavezni", slug: "snjegobrani-kada-su-obavezni", bodyHtml: p("Na krovovima nagiba većeg od 20° iznad prolaza snjegobrani sprječavaju klizanje snijega.") } },
  { daysAgo: 70, terms: ["novosti", "aluminij"], hrv: { title: "Certifikat kvalitete ISO 9001 obnovljen", slug: "certifikat-iso-9001-obnovljen", bodyHtml: p("Nadzorni audit potvrdio je sustav upravljanja kvalitetom.") } },
  // Not listed: a draft and a post scheduled for next week.
  { daysAgo: 1, terms: ["novosti"], status: "draft", hrv: { title: "Nacrt: zimska akcija", slug: "nacrt-zimska-akcija", bodyHtml: p("Još nije objavljeno.") } },
  { daysAgo: -7, terms: ["novosti"], hrv: { title: "Najava: novi katalog 2027", slug: "najava-novi-katalog-2027", bodyHtml: p("Objavljuje se sljedeći tjedan.") } },
];

type EventText = { title: string; descriptionHtml: string };
/** `startHour`: the local hour in Zagreb (Europe/Zagreb) the event starts at, on the day `daysFromNow` away. */
export type SeedEvent = { daysFromNow: number; startHour: number; hours: number; place: string; attendees: number; hrv: EventText; eng?: EventText; ger?: EventText };

export const EVENTS: SeedEvent[] = [
  {
    daysFromNow: 21,
    startHour: 9,
    hours: 7,
    place: "Zagrebački velesajam, paviljon 5",
    attendees: 120,
    hrv: { title: "Sajam graditeljstva 2026", descriptionHtml: p("Predstavljamo nove krovne panele i olučne sustave. Ulaz je slobodan.") },
    eng: { title: "Construction Fair 2026", descriptionHtml: p("We present new roof panels and gutter systems. Entry is free.") },
    ger: { title: "Baumesse 2026", descriptionHtml: p("Wir stellen neue Dachpaneele und Dachrinnensysteme vor. Eintritt frei.") },
  },
  {
    daysFromNow: 45,
    startHour: 16,
    hours: 3,
    place: "Alu Krov, Industrijska ulica 12, Velika Gorica",
    attendees: 25,
    hrv: { title: "Radionica: montaža oluka", descriptionHtml: p("Praktična radionica za izvođače: rezanje, spajanje i brtvljenje aluminijskih oluka.") },
    eng: { title: "Workshop: gutter installation", descriptionHtml: p("A hands-on workshop for installers: cutting, joining and sealing aluminium gutters.") },
  },
  {
    daysFromNow: -30,
    startHour: 10,
    hours: 2,
    place: "Online",
    attendees: 64,
    hrv: { title: "Webinar: održavanje krova", descriptionHtml: p("Snimka webinara dostupna je na zahtjev.") },
  },
];
