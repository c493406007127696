// Words the demo catalog builds product names from. Several languages on purpose: accents and letters
// outside Latin-1 (ł, ż, ø, œ, ő, č...) exercise search folding, sorting and rendering in the client.

export const brands = [
  "Maison Dubois",
  "Müller & Söhne",
  "Hacienda López",
  "Nørregaard",
  "Złoty Kłos",
  "Quinta São João",
  "Åkerlund",
  "Bäckerei Weiß",
  "La Bodeguita",
  "Fjällmejeriet",
  "Grünland",
  "Château Léoville",
  "Łąka",
  "Dvořák & syn",
  "Pécsi Műhely",
  "Casa Peñalver",
];

export const goods = [
  "Café crème",
  "Bière blonde",
  "Jamón ibérico",
  "Smørbrød",
  "Crème brûlée",
  "Weißwurst",
  "Żubrówka",
  "Pão de queijo",
  "Pierogi ruskie",
  "Kanelbulle",
  "Laugenbrezel",
  "Croissant au beurre",
  "Açaí bowl",
  "Gâteau basque",
  "Käsespätzle",
  "Œufs mimosa",
  "Żurek",
  "Kiełbasa",
  "Churros con chocolate",
  "Bacalhau à brás",
  "Köttbullar",
  "Rødgrød med fløde",
  "Sachertorte",
  "Rösti",
  "Crêpe Suzette",
  "Tortilla española",
  "Ćevapčići",
  "Grießbrei",
  "Fårikål",
  "Pastel de nata",
  "Knäckebröd",
  "Lángos",
  "Pörkölt",
  "Svíčková",
  "Trdelník",
  "Limonade à l'ancienne",
  "Apfelschorle",
  "Horchata de chufa",
  "Galão",
  "Æblekage",
  "Pain d'épices",
  "Pâté en croûte",
  "Piña colada",
  "Eisbär-Gummibärchen",
];

export const qualities = [
  "bio",
  "artisanal",
  "hausgemacht",
  "extra",
  "premium",
  "tradicional",
  "ekologiczny",
  "klassisk",
  "léger",
  "caseiro",
];

export const packSizes = [
  "100 g",
  "250 g",
  "500 g",
  "1 kg",
  "0,33 l",
  "0,5 l",
  "1 l",
  "6 × 0,33 l",
  "12 Stück",
  "200 ml",
];

/** Goods a deli counter sells by weight. */
export const scaleGoods = [
  "Emmentaler",
  "Jamón serrano",
  "Kiełbasa krakowska",
  "Bananen",
  "Äpfel Boskoop",
  "Gruyère",
  "Łosoś wędzony",
  "Presunto",
  "Pommes de terre",
  "Fårepølse",
  "Comté affiné",
  "Queijo da Serra",
  "Leberkäse",
  "Oliwki",
];

/** Goods that come in colours and sizes: the variant families. */
export const garments = [
  "T-shirt Bio",
  "Pull en laine",
  "Sweatshirt",
  "Chaussettes",
  "Camiseta básica",
  "Polo piqué",
  "Schürze",
  "Mütze",
  "Strikkegenser",
  "Bluza z kapturem",
  "Espadrilles",
  "Tablier de cuisine",
];

export const colours = [
  "Rot",
  "Blau",
  "Grün",
  "Schwarz",
  "Weiß",
  "Gelb",
  "Grau",
  "Beige",
  "Türkis",
  "Rosé",
  "Bordeaux",
  "Oliv",
  "Écru",
  "Marine",
];

/** In ascending order: a parent offers a contiguous run of them. */
export const sizes = ["XS", "S", "M", "L", "XL", "XXL", "3XL"];

export const vouchers = [
  "Geschenkgutschein",
  "Bon cadeau",
  "Vale regalo",
  "Vale-presente",
  "Presentkort",
  "Karta podarunkowa",
  "Gavekort",
  "Ajándékutalvány",
];

export const voucherThemes = ["Classic", "Noël", "Geburtstag", "Wellness", "Święta", "Verão"];
