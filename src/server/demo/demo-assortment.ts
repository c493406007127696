// What the demo shop sells, shelf by shelf: real items in the sizes they come in, each with the gross
// price range a shop would ask (a roll €0.35-0.90, a wine €5-25), the makers that sell them, and the
// product group and VAT rate they belong to. Several languages on purpose, as a European chain's
// shelves have them: accents and letters outside Latin-1 (ł, ż, ø, œ, ő, č...) exercise search
// folding, sorting and rendering in the client.
import type { DemoImageKind } from "./demo-images.ts";
import type { DemoGroupKey } from "./demo-product-groups.ts";
import type { VatPercent } from "./demo-taxes.ts";

/**
 * One item in one size: its name, the size ("" when it is sold by the piece), gross euros, and the
 * words that may follow its name when they differ from its shelf's.
 */
export type Article = readonly [
  name: string,
  size: string,
  minEuros: number,
  maxEuros: number,
  qualities?: readonly string[],
];

export interface Shelf {
  group: DemoGroupKey;
  vat: VatPercent;
  /** How often a standard product comes from this shelf, against the other shelves' weights. */
  weight: number;
  picture: DemoImageKind;
  /** Makers whose name may go before the item's. */
  brands: readonly string[];
  /** Trades whose family businesses make them too: "Bäckerei" gives "Bäckerei Kowalski" and the like. */
  trades: readonly string[];
  /** Words that may follow an item's name (a variety, a vintage), each a little dearer; "" for none. */
  qualities: readonly string[];
  articles: readonly Article[];
}

const none = [""];
const wholeGrain = ["", "bio", "Vollkorn"];
const water = ["still", "medium", "classic"];
const beerBrands = [
  "Brauerei Weiß",
  "Pivovar Dvořák",
  "Cervecería López",
  "Bryggeri Nørregaard",
  "Browar Złoty Kłos",
  "Brauhaus Müller",
];
const waterBrands = ["Spreequell", "Fjällkälla", "Źródło Zdrój"];

export const shelves: readonly Shelf[] = [
  {
    group: "bakery",
    vat: 7,
    weight: 12,
    picture: "box",
    brands: [
      "Bäckerei Weiß",
      "Maison Dubois",
      "Złoty Kłos",
      "Åkerlund",
      "Backstube Grünland",
      "Panadería Peñalver",
      "Bageri Nørregaard",
    ],
    trades: ["Bäckerei", "Boulangerie", "Panadería", "Piekarnia"],
    qualities: ["", "", "bio"],
    articles: [
      ["Weizenbrötchen", "", 0.35, 0.6],
      ["Dinkelbrötchen", "", 0.55, 0.9, wholeGrain],
      ["Laugenbrezel", "", 0.7, 1.2],
      ["Croissant au beurre", "", 1.2, 1.9],
      ["Pain au chocolat", "", 1.4, 2.2],
      ["Kanelbulle", "", 2.2, 3.5],
      ["Pão de queijo", "6 Stück", 2.9, 4.5],
      ["Bauernbrot", "1 kg", 3.9, 5.9, wholeGrain],
      ["Roggenmischbrot", "750 g", 3.2, 4.9, wholeGrain],
      ["Baguette tradition", "250 g", 1.4, 2.4],
      ["Knäckebröd", "250 g", 1.9, 3.4, wholeGrain],
      ["Pastel de nata", "", 1.6, 2.6],
      ["Sachertorte", "", 3.5, 5.2, none],
      ["Gâteau basque", "500 g", 9.9, 16.9],
      ["Pain d'épices", "300 g", 3.5, 6.5],
      ["Apfelstrudel", "", 2.9, 4.2, none],
    ],
  },
  {
    group: "hotDrinks",
    vat: 7,
    weight: 7,
    picture: "box",
    brands: [
      "Café Lorca",
      "Müller & Söhne",
      "Nørregaard",
      "Torrefacção Lusa",
      "Kaffeerösterei Weiß",
      "Herbaciarnia Łąka",
      "Café Léon",
    ],
    trades: ["Rösterei", "Kaffeehaus", "Torrefacção"],
    qualities: ["", "", "bio", "Fairtrade"],
    articles: [
      ["Kaffee ganze Bohne", "500 g", 6.9, 12.9],
      ["Kaffee ganze Bohne", "1 kg", 12.9, 22.9],
      ["Café crème gemahlen", "250 g", 3.9, 6.9],
      ["Espresso gemahlen", "250 g", 4.5, 7.9],
      ["Schwarzer Tee Assam", "100 g", 3.5, 6.9],
      ["Pfefferminztee", "20 Beutel", 1.5, 2.9],
      ["Rooibos Vanille", "20 Beutel", 1.9, 3.4],
      ["Kakao Trinkschokolade", "350 g", 2.9, 4.9],
      ["Galão Kapseln", "10 Stück", 3.2, 4.5],
    ],
  },
  {
    group: "softDrinks",
    vat: 19,
    weight: 9,
    picture: "bottle",
    brands: [...waterBrands, "Limonaderie Léon", "Huerta del Sol", "Grünland"],
    trades: ["Quelle", "Kelterei", "Limonaderie"],
    qualities: [""],
    articles: [
      ["Mineralwasser", "0,5 l", 0.49, 0.99, water],
      ["Mineralwasser", "1,5 l", 0.59, 1.29, water],
      ["Apfelschorle", "0,5 l", 0.99, 1.69],
      ["Orangensaft", "1 l", 1.69, 3.49, ["", "mit Fruchtfleisch", "Direktsaft"]],
      ["Limonade à l'ancienne", "0,33 l", 1.49, 2.49],
      ["Rhabarberschorle", "0,33 l", 1.29, 1.99],
      ["Horchata de chufa", "1 l", 2.49, 3.99],
      ["Eistee Pfirsich", "1,5 l", 0.99, 1.79],
      ["Cola", "1 l", 0.99, 1.89],
      ["Ginger Ale", "0,2 l", 0.99, 1.59],
    ],
  },
  {
    group: "beerWine",
    vat: 19,
    weight: 5,
    picture: "bottle",
    brands: [
      "Château Léoville",
      "Quinta São João",
      "Hacienda López",
      "La Bodeguita",
      "Weingut Dvořák",
      "Bodega Peñalver",
      "Domaine Dubois",
    ],
    trades: ["Weingut", "Domaine", "Bodega"],
    qualities: ["", "2021", "2022", "2023"],
    articles: [
      ["Riesling trocken", "0,75 l", 5.99, 14.99],
      ["Rioja crianza", "0,75 l", 6.99, 18.99],
      ["Vinho Verde", "0,75 l", 4.99, 9.99],
      ["Bordeaux supérieur", "0,75 l", 8.99, 24.99],
      ["Grüner Veltliner", "0,75 l", 6.49, 13.99],
      ["Crémant d'Alsace", "0,75 l", 9.99, 17.99],
    ],
  },
  {
    group: "beerWine",
    vat: 19,
    weight: 4,
    picture: "bottle",
    brands: beerBrands,
    trades: ["Brauerei", "Brasserie", "Pivovar"],
    qualities: ["", "", "alkoholfrei"],
    articles: [
      ["Bière blonde", "0,33 l", 1.09, 2.29],
      ["Pils", "0,5 l", 0.79, 1.49],
      ["Pils", "6 × 0,33 l", 4.49, 6.99],
      ["Weißbier", "0,5 l", 0.99, 1.79],
      ["Ležák světlý", "0,5 l", 0.99, 1.89],
    ],
  },
  {
    group: "produce",
    vat: 7,
    weight: 9,
    picture: "box",
    brands: [
      "Hof Grünland",
      "Łąka",
      "Huerta del Sol",
      "Pomar São João",
      "Gemüsehof Weiß",
      "Åkerlund Frukt",
      "Vergers Dubois",
    ],
    trades: ["Obsthof", "Gemüsebau", "Huerta"],
    qualities: ["", "", "bio"],
    articles: [
      ["Äpfel Elstar", "1 kg", 1.99, 3.49],
      ["Bananen", "1 kg", 1.29, 2.29],
      ["Tomaten Strauch", "500 g", 1.49, 2.99],
      ["Kartoffeln festkochend", "2,5 kg", 2.49, 4.49],
      ["Möhren", "1 kg", 0.99, 1.79],
      ["Zitronen", "500 g", 1.29, 2.29],
      ["Erdbeeren", "500 g", 2.49, 4.99],
      ["Champignons", "250 g", 1.29, 2.29],
      ["Pommes de terre nouvelles", "1 kg", 1.79, 3.29],
      ["Rucola", "125 g", 0.99, 1.99],
    ],
  },
  {
    group: "deli",
    vat: 7,
    weight: 9,
    picture: "box",
    brands: [
      "Casa Peñalver",
      "Nørregaard",
      "Maison Dubois",
      "Pécsi Műhely",
      "Müller & Söhne",
      "Charcuterie Léon",
      "Jamones López",
    ],
    trades: ["Metzgerei", "Feinkost", "Delikatessen"],
    qualities: [""],
    articles: [
      ["Jamón ibérico", "100 g", 4.99, 9.99, ["", "de bellota"]],
      ["Jamón serrano", "150 g", 2.99, 5.49],
      ["Łosoś wędzony", "100 g", 2.99, 5.99],
      ["Comté", "200 g", 3.99, 6.99, ["", "affiné 12 mois"]],
      ["Gruyère", "200 g", 3.49, 5.99, ["", "AOP"]],
      ["Queijo da Serra", "250 g", 6.99, 12.99],
      ["Pâté en croûte", "200 g", 3.99, 6.49],
      ["Smørbrød Aufstrich", "150 g", 2.49, 3.99],
      ["Oliwki zielone", "200 g", 1.99, 3.49],
      ["Kiełbasa krakowska", "250 g", 2.99, 4.99, ["", "tradycyjna"]],
      ["Weißwurst", "4 Stück", 3.49, 5.49],
      ["Pörkölt Fertiggericht", "400 g", 3.99, 5.99],
    ],
  },
  {
    group: "dairy",
    vat: 7,
    weight: 9,
    picture: "box",
    brands: [
      "Fjällmejeriet",
      "Grünland",
      "Łąka",
      "Laiterie Dubois",
      "Molkerei Weiß",
      "Queijaria São João",
      "Ørsted Mejeri",
    ],
    trades: ["Molkerei", "Käserei", "Laiterie"],
    qualities: ["", "", "bio", "laktosefrei"],
    articles: [
      ["Vollmilch 3,5 %", "1 l", 0.99, 1.69],
      ["Butter", "250 g", 1.99, 3.49],
      ["Joghurt natur", "500 g", 0.79, 1.79],
      ["Skyr", "450 g", 1.49, 2.49],
      ["Sahne", "200 ml", 0.79, 1.39],
      ["Crème fraîche", "150 g", 0.89, 1.59],
      ["Crème brûlée", "2 × 100 g", 2.49, 3.99, none],
      ["Quark 20 %", "500 g", 1.19, 2.19],
      ["Emmentaler Scheiben", "200 g", 1.99, 3.29, ["", "bio"]],
      ["Grießbrei", "200 g", 0.69, 1.29, none],
      ["Eier Freiland", "10 Stück", 2.49, 3.99, ["", "bio"]],
    ],
  },
  {
    group: "sweets",
    vat: 7,
    weight: 8,
    picture: "box",
    brands: [
      "Müller & Söhne",
      "Chocolaterie Léon",
      "Pécsi Műhely",
      "Wawel Kraków",
      "Confiserie Dubois",
      "Dulces López",
      "Åkerlund Godis",
    ],
    trades: ["Confiserie", "Chocolaterie", "Cukiernia"],
    qualities: ["", "", "bio"],
    articles: [
      ["Schokolade", "100 g", 0.99, 2.99, ["Zartbitter", "Vollmilch", "Haselnuss", "weiß"]],
      ["Pralinen", "200 g", 4.99, 12.99],
      ["Gummibärchen", "200 g", 0.99, 1.99],
      ["Lebkuchen", "500 g", 2.99, 5.99],
      ["Marzipanbrot", "100 g", 1.49, 2.49],
      ["Kekse Butter", "150 g", 1.29, 2.49],
      ["Turrón de Jijona", "200 g", 3.99, 6.99],
      ["Krówki", "250 g", 1.99, 3.49],
      ["Kartoffelchips", "150 g", 1.29, 2.29, ["", "Paprika", "gesalzen"]],
    ],
  },
  {
    group: "household",
    vat: 19,
    weight: 6,
    picture: "box",
    brands: ["Åkerlund", "Maison Dubois", "Grünland", "Dvořák & syn", "Casa Peñalver", "Nørregaard Design"],
    trades: ["Manufaktur", "Werkstatt"],
    qualities: [""],
    articles: [
      ["Kaffeebecher", "", 5.99, 12.99, ["", "Steingut", "Porzellan"]],
      ["Geschirrtuch", "2 Stück", 4.99, 9.99, ["", "Leinen"]],
      ["Servietten", "20 Stück", 1.49, 3.49],
      ["Kerzen", "4 Stück", 2.99, 6.99],
      ["Grußkarte", "", 1.99, 3.99],
      ["Einkaufstasche", "", 0.99, 4.99],
      ["Batterien AA", "4 Stück", 2.99, 5.99],
      ["Frühstücksbrettchen", "", 6.99, 14.99],
    ],
  },
];

/** What a deli counter sells by weight, with the price per kg: the scale items. Bananas first, so
 * every catalog with a scale item has them. */
export const scaleArticles: readonly (readonly [
  name: string,
  group: DemoGroupKey,
  min: number,
  max: number,
])[] = [
  ["Bananen", "produce", 1.49, 2.29],
  ["Emmentaler", "deli", 11.9, 17.9],
  ["Äpfel Boskoop", "produce", 2.49, 3.99],
  ["Jamón serrano", "deli", 24.9, 39.9],
  ["Gruyère", "deli", 19.9, 29.9],
  ["Łosoś wędzony", "deli", 29.9, 45.9],
  ["Tomaten Rispe", "produce", 2.99, 4.99],
  ["Presunto", "deli", 24.9, 36.9],
  ["Pommes de terre", "produce", 1.29, 2.49],
  ["Comté affiné", "deli", 22.9, 34.9],
  ["Leberkäse", "deli", 12.9, 18.9],
  ["Kiełbasa krakowska", "deli", 13.9, 21.9],
  ["Oliwki", "deli", 12.9, 19.9],
  ["Weintrauben hell", "produce", 3.49, 5.99],
];

/** Makers of the garments. */
export const textileBrands = ["Åkerlund", "Maison Dubois", "Grünland", "Tejidos López", "Nørregaard", "Łąka"];

/** The families behind the trades' businesses, from across the chain's Europe. */
export const surnames = [
  "Weiß",
  "Dubois",
  "Peñalver",
  "Nørregaard",
  "Kowalski",
  "Dvořák",
  "Szabó",
  "Åkerlund",
  "Lopes",
  "Müller",
  "Łukasik",
  "Moreau",
  "Öztürk",
  "Ferreira",
  "Novák",
  "Jørgensen",
  "Wójcik",
  "García",
  "Fekete",
  "Lindqvist",
];

/** Goods that come in colours and sizes, with their price range: the variant families. */
export const garments: readonly (readonly [name: string, min: number, max: number])[] = [
  ["T-Shirt Bio", 12.9, 24.9],
  ["Pull en laine", 49.9, 89.9],
  ["Sweatshirt", 29.9, 49.9],
  ["Chaussettes", 4.9, 12.9],
  ["Camiseta básica", 9.9, 19.9],
  ["Polo piqué", 24.9, 44.9],
  ["Schürze", 14.9, 29.9],
  ["Mütze", 9.9, 24.9],
  ["Strikkegenser", 59.9, 119.9],
  ["Bluza z kapturem", 34.9, 59.9],
  ["Espadrilles", 19.9, 39.9],
  ["Tablier de cuisine", 19.9, 34.9],
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

/** A voucher's face value in euros. */
export const voucherValues = [10, 20, 25, 50, 100];

/** Drinks sold with a deposit (the linked products): their group, makers and items. */
export const depositShelves: readonly Pick<Shelf, "group" | "brands" | "trades" | "articles">[] = [
  {
    group: "softDrinks",
    brands: waterBrands,
    trades: ["Quelle"],
    articles: [
      ["Mineralwasser Mehrweg", "0,7 l", 0.59, 0.99],
      ["Apfelschorle Mehrweg", "0,5 l", 0.89, 1.49],
      ["Cola Einweg", "0,5 l", 0.99, 1.69],
      ["Holunderlimonade Mehrweg", "0,33 l", 1.19, 1.79],
    ],
  },
  {
    group: "beerWine",
    brands: beerBrands,
    trades: ["Brauerei", "Pivovar"],
    articles: [
      ["Pils Mehrweg", "0,5 l", 0.79, 1.39],
      ["Radler Mehrweg", "0,33 l", 0.89, 1.29],
      ["Weißbier Mehrweg", "0,5 l", 0.99, 1.49],
    ],
  },
];
