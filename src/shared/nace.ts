/**
 * NACE Rev. 2 (Regulation (EC) No 1893/2006): the 21 sections and 88 divisions, with a short
 * name for each division used in risk reasons ("NACE C20 chemicals manufacturing").
 */

export const NACE_SECTIONS: Readonly<Record<string, string>> = {
  A: 'Agriculture, forestry and fishing',
  B: 'Mining and quarrying',
  C: 'Manufacturing',
  D: 'Electricity, gas, steam and air conditioning supply',
  E: 'Water supply; sewerage, waste management and remediation activities',
  F: 'Construction',
  G: 'Wholesale and retail trade; repair of motor vehicles and motorcycles',
  H: 'Transportation and storage',
  I: 'Accommodation and food service activities',
  J: 'Information and communication',
  K: 'Financial and insurance activities',
  L: 'Real estate activities',
  M: 'Professional, scientific and technical activities',
  N: 'Administrative and support service activities',
  O: 'Public administration and defence; compulsory social security',
  P: 'Education',
  Q: 'Human health and social work activities',
  R: 'Arts, entertainment and recreation',
  S: 'Other service activities',
  T: 'Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use',
  U: 'Activities of extraterritorial organisations and bodies',
};

/** division → [section, official label, short name] */
const D: Record<string, [string, string, string]> = {
  '01': ['A', 'Crop and animal production, hunting and related service activities', 'farming'],
  '02': ['A', 'Forestry and logging', 'forestry'],
  '03': ['A', 'Fishing and aquaculture', 'fishing and aquaculture'],
  '05': ['B', 'Mining of coal and lignite', 'coal mining'],
  '06': ['B', 'Extraction of crude petroleum and natural gas', 'oil and gas extraction'],
  '07': ['B', 'Mining of metal ores', 'metal ore mining'],
  '08': ['B', 'Other mining and quarrying', 'quarrying'],
  '09': ['B', 'Mining support service activities', 'mining support services'],
  '10': ['C', 'Manufacture of food products', 'food manufacturing'],
  '11': ['C', 'Manufacture of beverages', 'beverage manufacturing'],
  '12': ['C', 'Manufacture of tobacco products', 'tobacco manufacturing'],
  '13': ['C', 'Manufacture of textiles', 'textile manufacturing'],
  '14': ['C', 'Manufacture of wearing apparel', 'clothing manufacturing'],
  '15': ['C', 'Manufacture of leather and related products', 'leather goods manufacturing'],
  '16': ['C', 'Manufacture of wood and of products of wood and cork, except furniture; manufacture of articles of straw and plaiting materials', 'wood products manufacturing'],
  '17': ['C', 'Manufacture of paper and paper products', 'paper manufacturing'],
  '18': ['C', 'Printing and reproduction of recorded media', 'printing'],
  '19': ['C', 'Manufacture of coke and refined petroleum products', 'oil refining'],
  '20': ['C', 'Manufacture of chemicals and chemical products', 'chemicals manufacturing'],
  '21': ['C', 'Manufacture of basic pharmaceutical products and pharmaceutical preparations', 'pharmaceutical manufacturing'],
  '22': ['C', 'Manufacture of rubber and plastic products', 'rubber and plastics manufacturing'],
  '23': ['C', 'Manufacture of other non-metallic mineral products', 'glass, cement and ceramics manufacturing'],
  '24': ['C', 'Manufacture of basic metals', 'basic metals production'],
  '25': ['C', 'Manufacture of fabricated metal products, except machinery and equipment', 'metal products manufacturing'],
  '26': ['C', 'Manufacture of computer, electronic and optical products', 'electronics manufacturing'],
  '27': ['C', 'Manufacture of electrical equipment', 'electrical equipment manufacturing'],
  '28': ['C', 'Manufacture of machinery and equipment n.e.c.', 'machinery manufacturing'],
  '29': ['C', 'Manufacture of motor vehicles, trailers and semi-trailers', 'motor vehicle manufacturing'],
  '30': ['C', 'Manufacture of other transport equipment', 'transport equipment manufacturing'],
  '31': ['C', 'Manufacture of furniture', 'furniture manufacturing'],
  '32': ['C', 'Other manufacturing', 'other manufacturing'],
  '33': ['C', 'Repair and installation of machinery and equipment', 'machinery repair and installation'],
  '35': ['D', 'Electricity, gas, steam and air conditioning supply', 'energy supply'],
  '36': ['E', 'Water collection, treatment and supply', 'water supply'],
  '37': ['E', 'Sewerage', 'sewerage'],
  '38': ['E', 'Waste collection, treatment and disposal activities; materials recovery', 'waste management'],
  '39': ['E', 'Remediation activities and other waste management services', 'remediation'],
  '41': ['F', 'Construction of buildings', 'building construction'],
  '42': ['F', 'Civil engineering', 'civil engineering'],
  '43': ['F', 'Specialised construction activities', 'specialised construction'],
  '45': ['G', 'Wholesale and retail trade and repair of motor vehicles and motorcycles', 'motor vehicle trade and repair'],
  '46': ['G', 'Wholesale trade, except of motor vehicles and motorcycles', 'wholesale trade'],
  '47': ['G', 'Retail trade, except of motor vehicles and motorcycles', 'retail trade'],
  '49': ['H', 'Land transport and transport via pipelines', 'land transport'],
  '50': ['H', 'Water transport', 'shipping'],
  '51': ['H', 'Air transport', 'air transport'],
  '52': ['H', 'Warehousing and support activities for transportation', 'warehousing and logistics'],
  '53': ['H', 'Postal and courier activities', 'postal and courier services'],
  '55': ['I', 'Accommodation', 'accommodation'],
  '56': ['I', 'Food and beverage service activities', 'restaurants and catering'],
  '58': ['J', 'Publishing activities', 'publishing and software publishing'],
  '59': ['J', 'Motion picture, video and television programme production, sound recording and music publishing activities', 'film, video and music production'],
  '60': ['J', 'Programming and broadcasting activities', 'broadcasting'],
  '61': ['J', 'Telecommunications', 'telecommunications'],
  '62': ['J', 'Computer programming, consultancy and related activities', 'IT services and software development'],
  '63': ['J', 'Information service activities', 'data processing and hosting'],
  '64': ['K', 'Financial service activities, except insurance and pension funding', 'banking and financial services'],
  '65': ['K', 'Insurance, reinsurance and pension funding, except compulsory social security', 'insurance'],
  '66': ['K', 'Activities auxiliary to financial services and insurance activities', 'financial and insurance intermediation'],
  '68': ['L', 'Real estate activities', 'real estate'],
  '69': ['M', 'Legal and accounting activities', 'legal and accounting services'],
  '70': ['M', 'Activities of head offices; management consultancy activities', 'head office and management consultancy'],
  '71': ['M', 'Architectural and engineering activities; technical testing and analysis', 'architecture and engineering'],
  '72': ['M', 'Scientific research and development', 'research and development'],
  '73': ['M', 'Advertising and market research', 'advertising and market research'],
  '74': ['M', 'Other professional, scientific and technical activities', 'professional services'],
  '75': ['M', 'Veterinary activities', 'veterinary services'],
  '77': ['N', 'Rental and leasing activities', 'rental and leasing'],
  '78': ['N', 'Employment activities', 'employment services'],
  '79': ['N', 'Travel agency, tour operator and other reservation service and related activities', 'travel and reservation services'],
  '80': ['N', 'Security and investigation activities', 'security services'],
  '81': ['N', 'Services to buildings and landscape activities', 'facility services'],
  '82': ['N', 'Office administrative, office support and other business support activities', 'business support services'],
  '84': ['O', 'Public administration and defence; compulsory social security', 'public administration'],
  '85': ['P', 'Education', 'education'],
  '86': ['Q', 'Human health activities', 'healthcare'],
  '87': ['Q', 'Residential care activities', 'residential care'],
  '88': ['Q', 'Social work activities without accommodation', 'social work'],
  '90': ['R', 'Creative, arts and entertainment activities', 'arts and entertainment'],
  '91': ['R', 'Libraries, archives, museums and other cultural activities', 'museums and cultural activities'],
  '92': ['R', 'Gambling and betting activities', 'gambling and betting'],
  '93': ['R', 'Sports activities and amusement and recreation activities', 'sports and recreation'],
  '94': ['S', 'Activities of membership organisations', 'membership organisations'],
  '95': ['S', 'Repair of computers and personal and household goods', 'repair services'],
  '96': ['S', 'Other personal service activities', 'personal services'],
  '97': ['T', 'Activities of households as employers of domestic personnel', 'household employers'],
  '98': ['T', 'Undifferentiated goods- and services-producing activities of private households for own use', 'household own use'],
  '99': ['U', 'Activities of extraterritorial organisations and bodies', 'extraterritorial organisations'],
};

export interface NaceDivision {
  division: string;
  section: string;
  label: string;
  short: string;
}

/** The division of a NACE code ('20.14', '2014', 'C20', '20' → division 20), if it exists. */
export function naceDivision(code: string | null | undefined): NaceDivision | undefined {
  if (!code) return undefined;
  const m = /^\s*[A-U]?\s*(\d{2})/i.exec(code);
  const division = m?.[1];
  const row = division ? D[division] : undefined;
  return row && division ? { division, section: row[0], label: row[1], short: row[2] } : undefined;
}

/** 'NACE C20 chemicals manufacturing' — the form risk reasons use. */
export function naceReference(code: string | null | undefined): string | undefined {
  const d = naceDivision(code);
  return d && `NACE ${d.section}${d.division} ${d.short}`;
}

export const NACE_DIVISIONS: readonly string[] = Object.keys(D);
