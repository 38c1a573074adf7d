import type { HazardKey, Level } from './rules.js';

/**
 * The calibration table: reference sites across the EU, each hazard's published reference level
 * beside the one Corisk gives (the levels are a snapshot, calibration-levels.json, written by
 * `npx tsx scripts/calibration-snapshot.ts` and checked by test/calibration.test.ts).
 *
 * Reference levels are on Corisk's 0–5 scale. A seismic code's or hazard model's 475-year peak
 * ground acceleration is read on the same ladder the deployment rasters use (0.3 g or more Very
 * High, 0.2 High, 0.1 Moderate, 0.05 Low, Very Low below); a zone by its acceleration range. The
 * other hazards are read on REFERENCE_LADDERS below. Only hazards with a published reference for
 * the place are listed; `evidence` is where the reference was checked, and a row without it says
 * so in its source.
 */
export interface CalibrationRow {
  site: string;
  country: string;
  lat: number;
  lon: number;
  hazard: HazardKey;
  reference: Level;
  /** the reference as its source states it ('zone 2, 0.15–0.25 g') */
  referenceSaid: string;
  source: string;
  /** the published page the reference was checked against, and what it says */
  evidence?: Evidence;
  /** why Corisk's level differs by more than the agreement rule allows */
  why?: string;
}

export interface Evidence {
  url: string;
  says: string;
}

/** Corisk agrees with a reference when its level is within this many levels of it. */
export const AGREEMENT_WITHIN = 1;
export const AGREEMENT_RULE = `Corisk agrees with a reference when its level is within ${AGREEMENT_WITHIN} level of the reference level (a reference of High takes Corisk's Moderate, High or Very High).`;

export const agrees = (corisk: number, reference: number): boolean => Math.abs(corisk - reference) <= AGREEMENT_WITHIN;

/** How a published zoning or record is read as a level, per hazard other than earthquake. */
export const REFERENCE_LADDERS = {
  volcano: 'High: inside a civil-protection red (evacuation) zone, or reached or threatened by lava or pyroclastic flows in the historical record, or on an island whose volcano erupted within the last century; Very Low: no volcano of the national civil protection\'s list of active volcanoes within 100 km.',
  coastalFlood: 'High: flooded by the sea in a recorded storm surge or high tide of the last century, or inside an area the national flood map shows as floodable from the sea (flood defences not counted).',
  riverFlood: 'High: flooded more often than about once in 30 years; Medium: inside the mapped 100-year flood zone, or flooded by a record (100-year or rarer) flood.',
  landslide: 'High: a destructive landslide or debris flow on record in the place (deaths, or districts evacuated).',
  wildfire: 'High: a destructive wildfire on record since 2000 in the place (deaths, or homes burnt).',
} as const satisfies Partial<Record<HazardKey, string>>;

/** What the table's references are, for the page's introduction. */
export const REFERENCE_KINDS =
  'national seismic codes and hazard models for earthquakes; for volcanoes, floods, landslides and wildfires, civil-protection zonings and the records of destructive events, read as levels by a stated ladder';

const NOT_CHECKED = ' (not yet checked against the published list)';
const P100 = 'P100-1/2013 (Romania), Annex A: design ground acceleration ag (225-year)';
const OPCM = 'OPCM 3274/2003 (Italy), Annex 1: seismic zone of the municipality (zone 1 > 0.25 g, 2 0.15–0.25 g, 3 0.05–0.15 g, 4 < 0.05 g)';
const SICILY = 'Sicily, DDG 64/2022 after DGR 81/2022 (criteria of OPCM 3519/2006): seismic zone of the municipality';
const LIGURIA = 'Liguria, DGR 216/2017 (criteria of OPCM 3519/2006): seismic zone of the municipality';
const VENETO = 'Veneto, 2021 update of the list of seismic zones (criteria of OPCM 3519/2006): seismic zone of the municipality';
const MPS04 = 'INGV MPS04 seismic hazard model (OPCM 3519/2006): 475-year ag for the municipality';
const EAK = 'EAK 2000 as amended 2003 (Greece): seismic zones I–III (0.16, 0.24, 0.36 g)';
const NCSE = 'NCSE-02 (Spain), Annex 1: basic acceleration ab of the municipality (500-year)';
const NP_EN = 'NP EN 1998-1 National Annex (Portugal): reference agR of the municipality (475-year)';
const FR = 'Décret 2010-1255 (France): seismic zone of the commune (1 very low 0.4 m/s², 2 low 0.7, 3 moderate 1.1, 4 medium 1.6)';
const ESHM20 = 'ESHM20 (EFEHR): 475-year PGA on rock under 0.05 g across the region';
const EU_NA = (code: string) => `${code}: 475-year reference agR of the National Annex`;
const VESUVIUS = 'Italian Civil Protection, national emergency plan for Vesuvius (DPCM 14 February 2014): red zone, to be evacuated before an eruption';
const FLEGREI = 'Italian Civil Protection, national emergency plan for Campi Flegrei (DPCM 24 June 2016): red and yellow zones';
const RECORD = (what: string) => `Record of a destructive event: ${what}`;

const EV = {
  fundeni: { url: 'https://ro.scribd.com/document/702720814/Incadrare-seismica-Institutul-Clinic-Fundeni', says: 'a Bucharest site (Fundeni hospital) classified under P100-1/2013: ag = 0.30 g for a 225-year mean recurrence interval, TC = 1.6 s' },
  greece: { url: 'https://www.ekathimerini.com/news/16437/no-more-non-seismic-areas/', says: 'the map in force from 1 January 2004 has three zones (0.16, 0.24, 0.36 g); Attica and greater Thessaloniki moved up from 0.16 g to 0.24 g' },
  naples: { url: 'https://pupia.tv/2016/11/campania/terremoto-napoli-zona-sismica-2-il-piano-di-salvaguardia/370809', says: 'the national seismic classification puts the city of Naples in zone 2, medium seismicity, where strong earthquakes can occur' },
  palermo: { url: 'https://www.palermotoday.it/cronaca/mappa-zone-sismiche-sicilia-aggiornamento-classificazione-comuni-2022.html', says: 'Palermo and the municipalities of its province stay in zone 2 after the 2022 reclassification' },
  messina: { url: 'https://messinaora.it/notizia/?p=81319', says: 'the seismic zone of Messina under OPCM 3274/2003, as updated by the Sicilian DGR 408 of 19 December 2003, is zone 1, high hazard, ag of 0.25 g or more' },
  reggio: { url: 'http://www.raiplay.it/raiplay/video/2016/11/Calabria-big-one-del-07112016-84f766d7-4d3b-4754-97cb-0829018596a0.html', says: 'Reggio Calabria, 182,000 inhabitants, lies in seismic zone 1, the most dangerous of all' },
  catania: { url: 'https://catania.livesicilia.it/2019/01/27/catania-e-la-minaccia-terremoto-e-la-citta-piu-a-rischio-deuropa_486108/', says: 'the city of Catania is classified in seismic zone 2, not zone 1, at odds with the INGV hazard map of 2004' },
  bologna: { url: 'https://www.ptmbologna.it/Contesto/6_Sicurezza_territoriale/6_3_Rischio_sismico', says: 'most municipalities of the metropolitan city are in zone 3 (low seismicity); the exceptions, in zone 2, are those of the Imola district, Monterenzio and Ozzano dell\'Emilia' },
  rome: { url: 'https://iltempo.it/roma-capitale/2016/10/27/news/terremoto-l-onda-sismica-preoccupa-roma-ecco-i-quartieri-piu-pericolosi-1023034/amp', says: 'the updated classification splits Rome in two: the east and south-east, from San Basilio to EUR (municipi IV to IX), are in seismic zone 2' },
  genoa: { url: 'https://www.genovatoday.it/cronaca/terremoti-liguria.html', says: 'under the new Liguria classification almost all municipalities of the province of Genoa, the capital among them, are in zone 3 (low hazard); Genoa was in zone 4 before' },
  veniceZone: { url: 'https://genteveneta.it/?p=17069', says: 'the Veneto reclassification of 2021 empties zone 4: its 165 municipalities move to zone 3, Venice, Mira, Jesolo, Cavallino-Treporti, Eraclea and Caorle among them' },
  nice: { url: 'https://www.azurseisme.com/Nice-un-PPRs-modele-en-vigueur.html', says: 'the seismic zoning in force since 1 May 2011 puts 133 communes of the Alpes-Maritimes in zone 4 (medium hazard), the whole Métropole Nice Côte d\'Azur among them' },
  marseille: { url: 'http://www.simianedemain.fr/fd_risquesismique.html', says: 'the decrees of 22 October 2010 for the Bouches-du-Rhône: the communes of Arles, Fuveau, Marseille, Mimet, Peynier, Puyloubier, Rousset, Saintes-Maries-de-la-Mer and Trets are in the low-seismicity zone' },
  lyon: { url: 'https://www.123structure.fr/foire-aux-questions/quelles-sont-les-zones-sismiques-en-france/', says: 'earthquake-resistant construction is not compulsory in zones 1 (very low) and 2 (low); the examples given for zone 2 are Lille, Lyon, Marseille, Montpellier, Bordeaux, Limoges, Rennes, Brest, Le Mans and Caen' },
  paris: { url: 'https://alertecata.fr/news/paris/paris-peut-elle-etre-frappee-par-un-fort-seisme', says: 'France is divided into five seismicity zones, 1 (very low) to 5 (strong); Île-de-France, Paris included, is in zone 1, the lowest' },
  cologneZone: { url: 'https://report-k.de/nord-sued-stadtbahn-sind-die-baustellen-auch-erdbebensicher-18878', says: 'on the zone map behind DIN 4149 (0 least, 3 most exposed) the Lower Rhine Embayment is zone 3 and Cologne is rated as border area between zones 1 and 2' },
  munich: { url: 'https://n-ag.de/deutschland/bayern/bad-toelz-wolfratshausen/erdbeben-gefahr-in-bayern-wo-die-groessten-risiken-lauern', says: 'Bavaria\'s earthquake zones (DIN EN 1998-1/NA map): a northern zone from the western border to Gaimersheim (Donauwörth, Eichstätt, Nördlingen) and a southern one from the Baden-Württemberg border to the Miesbach district (Oberallgäu, Ostallgäu, Garmisch-Partenkirchen, Bad Tölz-Wolfratshausen, Miesbach); Munich is not among the places named' },
  ljubljana: { url: 'http://dlib.si/stream/URN:NBN:SI:DOC-L8MQ6Y1J/916b05f2-20c2-4f74-9013-810e9d5072ad/TEXT', says: 'the 2021 design ground acceleration map of Slovenia, annexed to the National Annex of Eurocode 8, puts Ljubljana and its surroundings at 0.275 g' },
  granada: { url: 'https://www.granadahoy.com/granada/creador-plan-sismico-Granada-terremotos-magnitud_0_1541846090.html', says: 'the civil-protection author of Granada\'s seismic plan: every new building is designed for accelerations up to 0.24 g' },
  laquila: { url: 'https://ilsussidiario.net/news/cronaca/2009/4/16/terremoto-abruzzo-geologo-inspiegabile-il-declassamento-sismico-de-l-aquila/17088/amp', says: 'a Camerino geologist after the 2009 earthquake: the INGV hazard map of 2004 shows L\'Aquila, in the axial Apennines, among the most dangerous areas of Italy (high hazard), yet the classification put it in zone 2, medium hazard' },
  firenzeMps: { url: 'https://sismacheck.com/zone-sismiche', says: 'the INGV hazard map of OPCM 3519/2006 (ground acceleration with a 10 % chance of being exceeded in 50 years, on rock) gives Florence 0.125–0.150 g, Arezzo 0.125–0.175 g, Siena 0.125–0.150 g' },
  alsace: { url: 'http://www.donnees.champagne-ardenne.developpement-durable.gouv.fr/publication/PER-Alsace/per/10.51.61.65/accueil/thematiques_environnementales/risques_naturels_et_securite_des_ouvrages_hydrauliques/un_risque_sismique_concernant_toute_lalsace.html', says: 'the zoning decreed in October 2010 puts every Alsatian commune in a seismic zone: 79 % in moderate hazard and 15 % in medium hazard, the latter the area between Mulhouse and Basel in the south; Strasbourg is not in that area' },
  madrid: { url: 'https://www.telemadrid.es/programas/aqui-en-madrid/efecto-terremoto-Madrid-2-1760543977--20160126104246.html', says: 'the capital has 3,600 buildings from before 1900 and no regulation requires any parameter to fit them to seismic movement; fortunately the risk of earthquakes in Madrid is very low, the strongest on record in the region (San Martín de la Vega, 1954) of magnitude 4' },
  mislata: { url: 'https://temcco.es/terremoto-en-valencia-sin-danos-estructurales', says: 'NCSE-02 applies from a basic acceleration ab of 0.04 g; its map gives Mislata, on the western edge of Valencia, ab 0.07 g with K 1.0, a value shared across the area' },
  germanyZones: { url: 'https://www.spektrum.de/news/in-jeder-generation-gibt-es-ein-erdbeben-in-deutschland/1648960', says: 'Germany\'s endangered areas form an oblique U: the Rhine from Aachen and Cologne to Basel, a band along the Alps, and Vogtland north to the Leipzig area; Hamburg, Berlin and Dresden are not in it (the page notes unexpected small quakes east of Rostock and south of Hamburg in 2001 and 2004)' },
  dutchCode: { url: 'https://scribd.com/document/664190115/The-meaning-of-Eurocode-8-and-induced-seismicity-for-earthquake-engineering-in-The-Netherlands-Paper-San-Diego-2010', says: 'Brouwer et al. (2010): the Netherlands is one of the few European countries where seismic loading is not part of the national codes; tectonic seismicity occurs mainly in the south, and the NEN 6702 zonation map gives 0.01–0.1 g for a 5,000-year return period' },
  luxembourg: { url: 'https://www.lessentiel.lu/fr/story/le-luxembourg-peut-il-etre-secoue-par-un-seisme-316179184653', says: 'the scientific director of the European Centre for Geodynamics and Seismology: the seismic risk in Luxembourg is very, very low, with no fault that could cause a strong event; the last real shaking came from a quake near Verviers in 1692' },
  czechia: { url: 'https://www.irozhlas.cz/zpravy-domov/zemetreseni-na-chebsku-chebsko-otresy-zeme-zemetresny-roj-mapa_1805221717_haf', says: 'a seismologist of the Czech Academy of Sciences: the Czech Republic is tectonically stable, the Bohemian Massif an old compact unit; quakes come mostly from the Cheb swarms in the far west, sometimes northern Moravia and the Hronov–Poříčí fault in east Bohemia' },
  poland: { url: 'https://www.scribd.com/document/649083221/ZembatyZ-PolscePotrzebna', says: 'Zembaty and Wiejacz: the European hazard review found a minor to moderate seismic risk only for Slovakia, the Czech Republic and southern Poland; the data do not suggest any need for a conventional seismic building code on Polish territory' },
  denmark: { url: 'https://pub.geus.dk/da/publications/earthquake-hazard-in-denmark', says: 'GEUS (2015), the hazard map made for the Danish National Annex to Eurocode 8 (475-year PGA on rock): seismic hazard in Denmark is low with respect to many other parts of the world' },
  sweden: { url: 'https://searchworks.jioinstitute.edu.in/?f%5Beds_search_limiters_facet%5D%5B%5D=Full+Text&q=%22Lund%2C+Bjorn%22&search_field=author', says: 'Joshi, Lund and Roberts, probabilistic seismic hazard assessment of Sweden: the highest 475-year PGA is 0.04–0.05 g, in the far north; the southeast has low hazard' },
  finland: { url: 'https://cris.vtt.fi/en/projects/valtakunnallinen-seisminen-hasardikartta/', says: 'VTT, national seismic hazard maps for Finland: earthquake hazard in Finland is low, though not negligible for the design of nuclear power plants' },
  lithuania: { url: 'https://lmaleidykla.lt/ojs/index.php/geologija/article/view/2364', says: 'Lazauskienė, Pačėsa and Satkūnas (2012): Lithuania is an intracratonic area of low seismicity; the new hazard map gives at most 32.6 cm/s² PGA (0.033 g), in eastern Lithuania, and 10–20 cm/s² over most of the country' },
  estonia: { url: 'https://ilmajaam.postimees.ee/103589/toenaosus-lubab-eestile-lahiajal-tillukest-maavarinat', says: 'a seismologist of the Geological Survey of Estonia: the ground shakes in Estonia about once in two years, in small quakes; an event like the 1976 Osmussaar quake (magnitude 4.6) comes rather once in a thousand years, and even that is not really dangerous' },
  latvia: { url: 'https://citadapasaule.com/zemestrices-latvija/', says: 'earthquakes are usually not felt in Latvia, which lies in a seismically inactive zone: only echoes of quakes with epicentres outside the country are felt (the strongest recent one, Kaliningrad 2004, reached intensity 5 in Latvia)' },
  ireland: { url: 'https://www.irishexaminer.com/news/arid-40863605.html', says: 'the 2020 European seismic hazard model (EFEHR): Ireland comes in lowest in Europe for both hazard and risk' },
  vesuvius: { url: 'https://binews.it/attualita/rischio-eruzione-vesuvio-e-entrata-vigore-la-nuova-zona-rossa', says: 'the red zone (high probability of pyroclastic flows, roof collapse under ash) covers 25 municipalities, among them Ercolano and Torre del Greco in full, and part of Naples (Barra, Ponticelli, San Giovanni a Teduccio)' },
  flegrei: { url: 'https://regione.campania.it/it/printable/zona-rossa-e-zona-gialla', says: 'the Campi Flegrei red zone covers Pozzuoli, Bacoli, Monte di Procida and Quarto in full and Naples districts (Soccavo, Pianura, Bagnoli, Fuorigrotta, parts of Chiaia, Posillipo, Vomero…); 24 other Naples districts are in the yellow (ash-fall) zone' },
  etna: { url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC3861846', says: 'Del Negro et al. 2013 (Sci. Rep. 3:3493), Etna lava-flow hazard maps: the 1669 eruption produced a 17 km flow field that destroyed several villages and part of the city of Catania' },
  zafferana: { url: 'http://www.geo.mtu.edu/volcanoes/boris/mirror/mirrored_html/ETNA_hazards.html', says: 'the 1992 lava flows ran down Val Calanna towards inhabited areas and threatened the town of Zafferana' },
  laPalma: { url: 'https://www.thenews.com.pk/print/894043-lava-engulfs-100-homes-as-canary-islands-volcano-erupts', says: 'the Cumbre Vieja eruption of 19 September 2021 destroyed about 100 homes in its first day; 5,000 people evacuated, Los Llanos de Aridane among the places hit' },
  dpcVolcanoes: { url: 'http://www.protezionecivile.gov.it/jcms/it/rischio_vulcanico.wp', says: 'the Italian Civil Protection\'s volcanic-risk page lists the active volcanoes: Stromboli, Vulcano, Etna, Vesuvius, Campi Flegrei, Ischia, Pantelleria, Lipari, Colli Albani, Panarea and the submarine volcanoes, all in central and southern Italy' },
  santorini: { url: 'https://c.coek.info/pdf-volcanic-hazards-in-the-aegean-area-relative-risk-evaluation-monitoring-and-pres.html', says: 'Vougioukalakis and Fytikas (2005): Santorini is the most active volcanic field of the South Aegean arc, ten historic eruptions, the last in 1950' },
  venice: { url: 'https://www.tgcom24.mediaset.it/cronaca/veneto/maltempo-peggiora-lacqua-alta-a-venezia-previsto-picco-a-170cm_11067376-201902a.shtml', says: 'on 12 November 2019 the tide reached 148 cm in the city with 82 % of the historic centre flooded, on its way to 187 cm, the second highest since 1923' },
  dikeRings: { url: 'https://risicokaart.nl/en/what-risks-are-there/flood', says: 'large parts of the Netherlands lie below sea level behind dike rings; the national risk map shows the dike-ring areas that could flood and how deep' },
  surge1962: { url: 'https://de.m.wikipedia.org/wiki/Sturmflut_1962', says: 'the storm surge of 16–17 February 1962 reached unprecedented levels on the lower Elbe and Weser; dikes broke in many places and 315 people died in Hamburg' },
  xynthia: { url: 'https://www.lalibre.be/dernieres-depeches/afp/il-y-a-dix-ans-la-tempete-xynthia-faisait-59-morts-dont-47-en-france-5e505fccd8ad58685c2980b6', says: 'storm Xynthia (27–28 February 2010): water rose to 2.80 m in La Faute-sur-Mer, where 29 people died; 600 houses were razed' },
  xynthiaCharron: { url: 'https://www.francebleu.fr/infos/environnement/photos-video-tempete-xynthia-10-ans-apres-retour-en-images-1582625314', says: 'Xynthia, February 2010: in Charron (Charente-Maritime), surrounded by water, a house was flooded to over 1.5 m and three people died; 47 deaths in France' },
  flood1953: { url: 'https://www.rd.nl/vandaag/binnenland/de-storm-het-water-en-de-slachtoffers-1.1464548', says: 'the storm surge of 1 February 1953 flooded about 150,000 ha of Zeeland, South Holland and Brabant; 1,836 deaths, 305 of them in Oude-Tonge' },
  jizera: { url: 'https://boleslavsky.denik.cz/zpravy_region/boleslavsko-povoden-predikce-stoleta-voda-jizera-vlkava-reka-20240917.html', says: 'the flood maps of the Jizera: in a 100-year flood the river\'s surroundings in Mladá Boleslav would be fully flooded up to Ptácká street, the Škoda Auto technology centre included' },
  dresden: { url: 'http://photography.kral-artifex.com/?p=656', says: 'in August 2002 the Weißeritz and then the Elbe flooded large parts of Dresden; in the centre the Semperoper, the Zwinger and the Landtag; 9.40 m, the highest documented flood of the Dresden Elbe valley' },
  passau: { url: 'https://www.augsburger-allgemeine.de/bayern/hochwasserlage-nur-leichter-wasserrueckgang-in-passau-103048898', says: 'September 2024: parts of the old town were flooded again, "which the people of Passau are used to"; in June 2013 the Danube reached 12.89 m and flooded the old town' },
  cologne: { url: 'https://www1.wdr.de/nachrichten/rheinland/hochwasser-koeln-hintergrund-100.html', says: 'the Rhine reaches the old-town promenade at 7 m; at Christmas 1993 it overtopped the old town\'s walls and in January 1995, at 10.69 m, many houses stood in water again' },
  paiporta: { url: 'https://www.telecinco.es/noticias/valencia/20251029/desbordamiento-barranco-poyo-minuto-coches-trampas-mortales_18_017399068.html', says: 'on 29 October 2024 the Poyo ravine overflowed through Paiporta, the place worst hit by the DANA: 45 deaths' },
  florence: { url: 'https://pt.wikiital.com/wiki/Alluvione_di_Firenze_del_4_novembre_1966', says: 'on 4 November 1966 the Arno flooded the historic centre of Florence and its outer districts; 35 deaths' },
  prague: { url: 'https://www.horydoly.cz/retro-povoden-v-praze-2002.html', says: 'in August 2002 the Vltava peaked at 5,160 m³/s; Karlín, the worst-hit district, was flooded to 5 m' },
  wroclaw: { url: 'https://wroclaw.naszemiasto.pl/powodz-we-wroclawiu-przyszla-w-lipcu-1997-roku-tak/ar/c9-8902261', says: 'in July 1997 the Oder flood did its worst damage in Kozanów, where water entered the homes; 40 % of Wrocław was under water' },
  sarno: { url: 'https://alessandro54.com/2019/05/06/sarno-ricorda-le-137-vittime-della-frana', says: 'the mudflows of 5–6 May 1998 struck Sarno, Quindici, Siano, Bracigliano and San Felice a Cancello: 160 deaths, 137 in Sarno, 11 in Quindici, 5 in Siano' },
  giampilieri: { url: 'https://www.vigilfuoco.it/chi-siamo/memoria-storica/notizie-storiche/lalluvione-di-messina-e-la-frana-di-giampilieri', says: 'on 1 October 2009 debris flows struck Giampilieri and the other hamlets south of Messina, an area of high hydrogeological risk already hit before: 37 deaths' },
  vajont: { url: 'https://www.ilpost.it/2023/01/26/foto-darchivio-118/il-disastro-del-vajont-3/', says: 'on 9 October 1963 a landslide from Monte Toc fell into the Vajont reservoir; the wave destroyed Longarone in four minutes: 1,910 deaths' },
  ancona: { url: 'https://www.ansa.it/marche/notizie/2022/12/08/40/o-frana-di-ancona-eventi-ricordo-e-evoluzione-allerta_6e097778-40e8-4813-884b-56ed01c6e303.html', says: 'the landslide of 12–13 December 1982 moved 342 ha of Posatora, Borghetto and Torrette, damaged or destroyed 280 buildings and two hospitals; 3,661 people evacuated' },
  agrigento: { url: 'https://www.agrigentooggi.it/il-punto-sulla-frana-del-66-tra-timori-e-speranze/', says: 'the landslide of 19 July 1966 carried about 20 ha of the upper town (Rabato, Addolorata) down the hill; four buildings collapsed, over 7,000 displaced' },
  casamicciola: { url: 'https://www.nanotv.it/2025/07/02/casamicciola-quella-colata-di-fango-che-uccise-12-persone-il-26-novembre-2022-lorrore/', says: 'on 26 November 2022 a mudflow from Monte Epomeo ran down via Celario to the sea: 12 deaths, over 400 displaced' },
  mati: { url: 'https://en.wikipedia.org/wiki/2018_Attica_wildfires', says: 'the July 2018 fires near Kineta (west of Athens) and Penteli destroyed Mati and Kokkino Limanaki: 104 deaths, over 4,000 homes burnt or damaged' },
  pedrogao: { url: 'https://sicnoticias.pt/especiais/tragedia-em-pedrogao-grande/2021-05-24-Pedrogao-Grande.-A-tragedia-que-deixou-familias-sem-teto-e-o-pais-em-estado-de-choque-fb9ee878', says: 'the fire of 17 June 2017 killed 66 people and burnt 500 homes in Pedrógão Grande, Figueiró dos Vinhos, Castanheira de Pera, Alvaiázere and Ansião' },
  monchique: { url: 'http://pt.euronews.com/2018/08/10/monchique-o-maior-incendio-da-europa-em-2018-foi-dominado', says: 'the Monchique fire of August 2018, the largest in Europe that year, burnt about 27,000 ha (EFFIS); 41 injured, villages and a hotel evacuated' },
  palermoFire: { url: 'https://www.adnkronos.com/cronaca/incendi-notte-di-paura-a-palermo-abitazioni-evacuate_1MTTSm8OEUcguy45W0FWD3', says: 'in July 2023 fires burnt the hills over the city (Monte Inserra, Monte Gallo, Cruillas by the Cervello hospital); houses evacuated, the airport closed' },
  estaque: { url: 'https://www.linternaute.com/actualite/societe/8310123-incendie-a-marseille-le-feu-desormais-fixe-les-pompiers-toujours-sur-le-terrain', says: 'the fire of 8 July 2025 ran from Les Pennes-Mirabeau into the north of Marseille (L\'Estaque): 750 ha, 68 homes hit, 10 destroyed' },
} as const satisfies Record<string, Evidence>;

type Row = Omit<CalibrationRow, 'hazard' | 'reference' | 'referenceSaid' | 'source'>;
const at = (site: string, country: string, lat: number, lon: number): Row => ({ site, country, lat, lon });
type Extra = { evidence?: Evidence; why?: string };
const row = (r: Row, hazard: HazardKey, reference: Level, referenceSaid: string, source: string, extra: Extra = {}): CalibrationRow => ({
  ...r,
  hazard,
  reference,
  referenceSaid,
  source: extra.evidence ? source : `${source}${NOT_CHECKED}`,
  ...(extra.evidence ? { evidence: extra.evidence } : {}),
  ...(extra.why ? { why: extra.why } : {}),
});
const quake = (r: Row, reference: Level, referenceSaid: string, source: string, extra: Extra | string = {}): CalibrationRow =>
  row(r, 'earthquake', reference, referenceSaid, source, typeof extra === 'string' ? { why: extra } : extra);
const low = (r: Row, extra: Extra = {}) => quake(r, 1, 'under 0.05 g', ESHM20, extra);
const high = (hazard: HazardKey, r: Row, referenceSaid: string, source: string, evidence: Evidence, why?: string) => row(r, hazard, 4, referenceSaid, source, why ? { evidence, why } : { evidence });

const BUCHAREST = at('Bucharest', 'RO', 44.4268, 26.1025);
const NAPLES = at('Naples', 'IT', 40.8518, 14.2681);
const POZZUOLI = at('Pozzuoli', 'IT', 40.8225, 14.1214);
const TORRE_DEL_GRECO = at('Torre del Greco', 'IT', 40.7853, 14.3687);
const ROME = at('Rome', 'IT', 41.9028, 12.4964);
const ROME_ENI = at('Rome (Eni, EUR)', 'IT', 41.8329, 12.4669);
const CATANIA = at('Catania', 'IT', 37.5079, 15.083);
const MLADA = at('Mladá Boleslav', 'CZ', 50.4113, 14.9031);
const AMSTERDAM = at('Amsterdam', 'NL', 52.3676, 4.9041);
const ROTTERDAM = at('Rotterdam', 'NL', 51.9244, 4.4777);
const VENICE = at('Venice', 'IT', 45.4408, 12.3155);
const PALERMO = at('Palermo', 'IT', 38.1157, 13.3615);
const FLORENCE = at('Florence', 'IT', 43.7696, 11.2558);
const HAMBURG = at('Hamburg', 'DE', 53.5511, 9.9937);
const DRESDEN = at('Dresden', 'DE', 51.0504, 13.7373);
const COLOGNE = at('Cologne', 'DE', 50.9375, 6.9603);

const ETOPO5_CELL = 'the 5′ elevation grid (cells of about 9 × 6 km)';

export const CALIBRATION: readonly CalibrationRow[] = [
  // Earthquake: national seismic codes and hazard models.
  quake(BUCHAREST, 5, 'ag 0.30 g', P100, { evidence: EV.fundeni }),
  quake(NAPLES, 3, 'zone 2, 0.15–0.25 g', OPCM, { evidence: EV.naples }),
  quake(POZZUOLI, 3, 'zone 2, 0.15–0.25 g', OPCM, 'no code value is tabled for Pozzuoli, so the catalogue alone rates it: its Very High rests on old Campanian events whose intensities the catalogue overstates'),
  quake(ROME, 3, 'zones 2 and 3, 0.05–0.25 g (the Lazio update puts the eastern and south-eastern districts in zone 2, the rest in zone 3)', OPCM, { evidence: EV.rome }),
  quake(ROME_ENI, 3, 'zone 2, 0.15–0.25 g (EUR is among the south-eastern districts the Lazio update puts in zone 2)', OPCM, { evidence: EV.rome }),
  quake(CATANIA, 3, 'zone 2, 0.15–0.25 g (the 2003 list)', OPCM, { evidence: EV.catania }),
  quake(at("L'Aquila", 'IT', 42.3498, 13.3995), 4, 'ag 0.25–0.275 g, high hazard (zone 2 in the list in force in 2009)', MPS04, { evidence: EV.laquila }),
  quake(at('Messina', 'IT', 38.1938, 15.554), 4, 'zone 1, over 0.25 g', OPCM, { evidence: EV.messina }),
  quake(at('Reggio Calabria', 'IT', 38.1112, 15.6473), 4, 'zone 1, over 0.25 g', OPCM, { evidence: EV.reggio }),
  quake(PALERMO, 3, 'zone 2, 0.15–0.25 g', SICILY, { evidence: EV.palermo }),
  quake(FLORENCE, 3, 'ag 0.125–0.150 g', MPS04, { evidence: EV.firenzeMps, why: 'no code value is tabled for Florence, so the catalogue alone rates it: historical Apennine events (Mugello 1542 and 1919) are estimated at VIII here, above the hazard map' }),
  quake(at('Bologna', 'IT', 44.4949, 11.3426), 3, 'zone 3, 0.05–0.15 g', OPCM, { evidence: EV.bologna }),
  quake(at('Genoa', 'IT', 44.4056, 8.9463), 3, 'zone 3, 0.05–0.15 g (zone 4 before 2017)', LIGURIA, { evidence: EV.genoa }),
  quake(VENICE, 3, 'zone 3, 0.05–0.15 g (zone 4, under 0.05 g, until the 2021 update)', VENETO, { evidence: EV.veniceZone }),
  quake(at('Athens', 'GR', 37.9838, 23.7275), 4, 'zone II, 0.24 g (Attica raised from zone I in 2004)', EAK, { evidence: EV.greece }),
  quake(at('Thessaloniki', 'GR', 40.6401, 22.9444), 4, 'zone II, 0.24 g', EAK, { evidence: EV.greece }),
  quake(at('Lisbon', 'PT', 38.7223, -9.1393), 3, 'agR 0.15 g (type 1) and 0.17 g (type 2)', NP_EN),
  quake(at('Porto', 'PT', 41.1579, -8.6291), 2, 'agR 0.08 g (type 2)', NP_EN, 'no damaging event on record near Porto and no code value tabled: the catalogue gives none, the country floor Negligible, where the code allows for distant offshore events'),
  quake(at('Valencia', 'ES', 39.4699, -0.3763), 2, 'ab 0.06 g (0.07 g in neighbouring Mislata)', NCSE, { evidence: EV.mislata }),
  quake(at('Madrid', 'ES', 40.4168, -3.7038), 1, 'ab under 0.04 g', NCSE, { evidence: EV.madrid }),
  quake(at('Barcelona', 'ES', 41.3874, 2.1686), 1, 'ab 0.04 g', NCSE),
  quake(at('Granada', 'ES', 37.1773, -3.5986), 4, 'ab 0.24 g', NCSE, { evidence: EV.granada }),
  quake(at('Murcia', 'ES', 37.9922, -1.1307), 3, 'ab 0.15 g', NCSE),
  quake(at('Alicante', 'ES', 38.3452, -0.481), 3, 'ab 0.14 g', NCSE),
  quake(at('Málaga', 'ES', 36.7213, -4.4214), 3, 'ab 0.11 g', NCSE),
  quake(at('Sevilla', 'ES', 37.3891, -5.9845), 2, 'ab 0.07 g', NCSE),
  quake(at('Marseille', 'FR', 43.2965, 5.3698), 2, 'zone 2 (low), 0.7 m/s²', FR, { evidence: EV.marseille }),
  quake(at('Nice', 'FR', 43.7102, 7.262), 3, 'zone 4 (medium), 1.6 m/s²', FR, { evidence: EV.nice }),
  quake(at('Lyon', 'FR', 45.764, 4.8357), 2, 'zone 2 (low), 0.7 m/s²', FR, { evidence: EV.lyon }),
  quake(at('Strasbourg', 'FR', 48.5734, 7.7521), 3, 'zone 3 (moderate), 1.1 m/s²', FR, { evidence: EV.alsace }),
  quake(at('Paris', 'FR', 48.8566, 2.3522), 1, 'zone 1 (very low), 0.4 m/s²', FR, { evidence: EV.paris }),
  quake(at('Ljubljana', 'SI', 46.0569, 14.5058), 4, 'agR 0.275 g (the 2021 map)', EU_NA('SIST EN 1998-1 (Slovenia)'), { evidence: EV.ljubljana }),
  quake(at('Zagreb', 'HR', 45.815, 15.9819), 4, 'agR about 0.25 g', EU_NA('HRN EN 1998-1 (Croatia)')),
  quake(at('Budapest', 'HU', 47.4979, 19.0402), 3, 'agR 0.12–0.15 g', EU_NA('MSZ EN 1998-1 (Hungary)')),
  quake(at('Vienna', 'AT', 48.2082, 16.3738), 2, 'agR about 0.07–0.08 g', EU_NA('ÖNORM B 1998-1 (Austria)')),
  quake(COLOGNE, 1, 'zone 1, ag 0.4 m/s² (on the border of zone 2)', 'DIN EN 1998-1/NA (Germany): seismic zone of the municipality (zone 1 0.4 m/s², outside the zones less)', { evidence: EV.cologneZone }),
  quake(at('Munich', 'DE', 48.1351, 11.582), 1, 'outside the seismic zones', 'DIN EN 1998-1/NA (Germany): seismic zone of the municipality', { evidence: EV.munich }),
  low(HAMBURG, { evidence: EV.germanyZones }),
  low(at('Berlin', 'DE', 52.52, 13.405), { evidence: EV.germanyZones }),
  low(DRESDEN, { evidence: EV.germanyZones }),
  low(AMSTERDAM, { evidence: EV.dutchCode }),
  low(ROTTERDAM, { evidence: EV.dutchCode }),
  low(at('Brussels', 'BE', 50.8503, 4.3517)),
  low(at('Luxembourg', 'LU', 49.6116, 6.1319), { evidence: EV.luxembourg }),
  low(at('Prague', 'CZ', 50.0755, 14.4378), { evidence: EV.czechia }),
  low(MLADA, { evidence: EV.czechia }),
  low(at('Warsaw', 'PL', 52.2297, 21.0122), { evidence: EV.poland }),
  low(at('Copenhagen', 'DK', 55.6761, 12.5683), { evidence: EV.denmark }),
  low(at('Stockholm', 'SE', 59.3293, 18.0686), { evidence: EV.sweden }),
  low(at('Helsinki', 'FI', 60.1699, 24.9384), { evidence: EV.finland }),
  low(at('Tallinn', 'EE', 59.437, 24.7536), { evidence: EV.estonia }),
  low(at('Riga', 'LV', 56.9496, 24.1052), { evidence: EV.latvia }),
  low(at('Vilnius', 'LT', 54.6872, 25.2797), { evidence: EV.lithuania }),
  low(at('Dublin', 'IE', 53.3498, -6.2603), { evidence: EV.ireland }),

  // Volcano: civil-protection zonings and the eruptive record.
  high('volcano', NAPLES, 'red zone in the west (Campi Flegrei) and the east (Vesuvius), yellow zone in the centre', FLEGREI, EV.flegrei),
  high('volcano', POZZUOLI, 'red zone (Campi Flegrei), the whole municipality', FLEGREI, EV.flegrei),
  high('volcano', TORRE_DEL_GRECO, 'red zone (Vesuvius), the whole municipality', VESUVIUS, EV.vesuvius),
  high('volcano', at('Ercolano', 'IT', 40.806, 14.352), 'red zone (Vesuvius), the whole municipality', VESUVIUS, EV.vesuvius),
  high('volcano', CATANIA, 'Etna: the 1669 lava reached the city', RECORD('Etna lava-flow hazard study'), EV.etna),
  high('volcano', at('Zafferana Etnea', 'IT', 37.6908, 15.1044), 'Etna: threatened by the 1992 lava flows', RECORD('Etna 1991–93 flank eruption'), EV.zafferana),
  high('volcano', at('Los Llanos de Aridane', 'ES', 28.6585, -17.9182), 'Cumbre Vieja: lava destroyed homes in 2021', RECORD('La Palma eruption of 2021'), EV.laPalma),
  high('volcano', at('Santorini (Fira)', 'GR', 36.4167, 25.4333), 'most active volcanic field of the South Aegean arc; last eruption 1950', RECORD('Santorini volcanic hazard assessment'), EV.santorini),
  row(at('Milan', 'IT', 45.4642, 9.19), 'volcano', 1, 'no active volcano within 100 km (the nearest listed, the Colli Albani, about 500 km)', 'Italian Civil Protection: list of active volcanoes', { evidence: EV.dpcVolcanoes }),
  row(at('Bologna', 'IT', 44.4949, 11.3426), 'volcano', 1, 'no active volcano within 100 km (the nearest listed, the Colli Albani, about 330 km)', 'Italian Civil Protection: list of active volcanoes', { evidence: EV.dpcVolcanoes }),

  // Coastal flood: storm surges and tides on record, national flood maps.
  high('coastalFlood', VENICE, 'acqua alta: 187 cm in November 2019, over 80 % of the centre under water', RECORD('Venice tide of 12 November 2019'), EV.venice),
  high('coastalFlood', AMSTERDAM, 'below sea level, inside a dike ring that could flood', 'Risicokaart (Dutch national risk map): flood-prone dike-ring areas', EV.dikeRings),
  high('coastalFlood', ROTTERDAM, 'below sea level, inside a dike ring that could flood', 'Risicokaart (Dutch national risk map): flood-prone dike-ring areas', EV.dikeRings),
  high('coastalFlood', at('Oude-Tonge', 'NL', 51.6939, 4.2147), 'flooded in 1953, 305 deaths', RECORD('North Sea flood of 1953'), EV.flood1953),
  high('coastalFlood', HAMBURG, 'storm surge of 1962: dikes broke, 315 deaths in the city', RECORD('North Sea storm surge of 1962'), EV.surge1962, `Corisk reads the city centre from ${ETOPO5_CELL} at 6 m and 10 km from the open coast; the surge came up the Elbe into low districts (Wilhelmsburg) the grid cannot separate from the higher centre`),
  high('coastalFlood', at('Bremerhaven', 'DE', 53.5396, 8.5809), 'storm surge of 1962 on the lower Weser', RECORD('North Sea storm surge of 1962'), EV.surge1962),
  high('coastalFlood', at('La Faute-sur-Mer', 'FR', 46.3316, -1.3219), 'storm Xynthia 2010: 2.80 m of water, 29 deaths', RECORD('storm Xynthia, 2010'), EV.xynthia),
  high('coastalFlood', at('Charron', 'FR', 46.2936, -1.1058), 'storm Xynthia 2010: houses flooded over 1.5 m, 3 deaths', RECORD('storm Xynthia, 2010'), EV.xynthiaCharron, `${ETOPO5_CELL} reads the village at 16 m, an average over the whole cell; houses flooded 1.5 m deep in 2010 show the village itself lies within the surge's reach`),
  high('coastalFlood', at('Nieuwerkerk (Schouwen-Duiveland)', 'NL', 51.6528, 3.9969), 'flooded in 1953, 288 deaths', RECORD('North Sea flood of 1953'), EV.flood1953),

  // River flood: floods on record and mapped flood zones.
  row(MLADA, 'riverFlood', 3, 'in the Jizera\'s 100-year flood zone', 'Flood maps of the Jizera (regional flood plan), as reported in 2024', {
    evidence: EV.jizera,
    why: 'the Jizera runs through the town, but the bundled river data omits it (Natural Earth 1:10m, and GSHHG 2.3.7 WDBII at full resolution in every class, whose nearest line is the Elbe 26 km south), so Corisk finds no mapped river and says so',
  }),
  row(DRESDEN, 'riverFlood', 3, 'flooded in 2002 (Elbe 9.40 m, the record)', RECORD('Elbe flood of August 2002'), { evidence: EV.dresden }),
  high('riverFlood', at('Passau', 'DE', 48.5748, 13.4645), 'old town flooded again and again (2013: 12.89 m; 2024)', RECORD('Danube and Inn floods'), EV.passau, `${ETOPO5_CELL} reads Passau at 468 m, about 170 m above the Danube, and only 97 m above the lowest land around: the narrow valley is invisible, so the river's flood plain does not reach the site`),
  row(COLOGNE, 'riverFlood', 3, 'old town flooded in 1993 and 1995 (10.69 m)', RECORD('Rhine floods of 1993 and 1995'), { evidence: EV.cologne }),
  row(at('Paiporta', 'ES', 39.4281, -0.4176), 'riverFlood', 3, 'flooded by the Poyo ravine in 2024, 45 deaths', RECORD('DANA flood of 29 October 2024'), { evidence: EV.paiporta }),
  row(FLORENCE, 'riverFlood', 3, 'flooded by the Arno in 1966', RECORD('Arno flood of 4 November 1966'), { evidence: EV.florence }),
  row(at('Prague (Karlín)', 'CZ', 50.0929, 14.4511), 'riverFlood', 3, 'flooded to 5 m in 2002 (about a 500-year flood)', RECORD('Vltava flood of August 2002'), { evidence: EV.prague }),
  row(at('Wrocław (Kozanów)', 'PL', 51.1444, 16.965), 'riverFlood', 3, 'flooded in 1997, 40 % of the city under water', RECORD('Oder flood of July 1997'), { evidence: EV.wroclaw }),

  // Landslide: destructive landslides and debris flows on record.
  high('landslide', at('Sarno', 'IT', 40.8108, 14.6203), 'mudflows of 1998, 137 deaths', RECORD('Sarno and Quindici mudflows, 1998'), EV.sarno),
  high('landslide', at('Quindici', 'IT', 40.8633, 14.6486), 'mudflows of 1998, 11 deaths', RECORD('Sarno and Quindici mudflows, 1998'), EV.sarno),
  high('landslide', at('Siano', 'IT', 40.8023, 14.6941), 'mudflows of 1998, 5 deaths', RECORD('Sarno and Quindici mudflows, 1998'), EV.sarno),
  high('landslide', at('Giampilieri (Messina)', 'IT', 38.0625, 15.4806), 'debris flows of 2009, 37 deaths', RECORD('Messina debris flows, 2009'), EV.giampilieri, `${ETOPO5_CELL} puts the hamlet in a coastal cell read as sea level with no relief (0 m, the highest point within reach 27 m): the steep Peloritani slopes above it are invisible`),
  high('landslide', at('Longarone', 'IT', 46.2667, 12.3), 'Vajont landslide and wave of 1963, 1,910 deaths', RECORD('Vajont, 1963'), EV.vajont),
  high('landslide', at('Ancona (Posatora)', 'IT', 43.6117, 13.4886), 'landslide of 1982, 342 ha, 3,661 evacuated', RECORD('Ancona landslide, 1982'), EV.ancona, `${ETOPO5_CELL} reads the coastal hillside as −5 m with 73 m of relief: the Montagnolo slope that moved is below the grid's resolution`),
  high('landslide', at('Agrigento', 'IT', 37.3111, 13.5765), 'landslide of 1966, over 7,000 displaced', RECORD('Agrigento landslide, 1966'), EV.agrigento),
  high('landslide', at('Casamicciola Terme', 'IT', 40.7466, 13.9108), 'mudflow of 2022, 12 deaths', RECORD('Casamicciola mudflow, 2022'), EV.casamicciola),

  // Wildfire: destructive fires on record.
  high('wildfire', at('Mati', 'GR', 38.0464, 24.0014), 'fire of 2018, 104 deaths', RECORD('Attica wildfires, July 2018'), EV.mati),
  high('wildfire', at('Kineta', 'GR', 37.97, 23.2), 'fire of 2018', RECORD('Attica wildfires, July 2018'), EV.mati),
  high('wildfire', at('Pedrógão Grande', 'PT', 39.9167, -8.15), 'fire of 2017, 66 deaths', RECORD('Pedrógão Grande fire, June 2017'), EV.pedrogao),
  high('wildfire', at('Castanheira de Pera', 'PT', 40.0069, -8.2103), 'fire of 2017', RECORD('Pedrógão Grande fire, June 2017'), EV.pedrogao),
  high('wildfire', at('Figueiró dos Vinhos', 'PT', 39.9025, -8.2767), 'fire of 2017', RECORD('Pedrógão Grande fire, June 2017'), EV.pedrogao),
  high('wildfire', at('Monchique', 'PT', 37.3167, -8.55), 'fire of 2018, about 27,000 ha', RECORD('Monchique fire, August 2018 (EFFIS burnt area)'), EV.monchique),
  high('wildfire', PALERMO, 'fires of 2023 on the hills over the city, houses evacuated', RECORD('Palermo fires, July 2023'), EV.palermoFire),
  high('wildfire', at("Marseille (L'Estaque)", 'FR', 43.3636, 5.3172), 'fire of 2025, 750 ha, 10 homes destroyed', RECORD('fire of Les Pennes-Mirabeau and L\'Estaque, July 2025'), EV.estaque, 'Corisk counts the 858,000 people within 10 km as an urban core with little wildland interface and lowers the level by one; the 2025 fire came down the hills into these northern districts'),
];

/** The key of a row in the snapshot of Corisk's levels. */
export const calibrationKey = (r: Pick<CalibrationRow, 'site' | 'hazard'>): string => `${r.site}|${r.hazard}`;

/** Per hazard: rows, rows that agree, the rate (0–1), from Corisk's levels by calibrationKey. */
export function agreementByHazard(levels: Readonly<Record<string, number>>, rows: readonly CalibrationRow[] = CALIBRATION): { hazard: HazardKey; rows: number; agree: number; rate: number }[] {
  const out = new Map<HazardKey, { rows: number; agree: number }>();
  for (const r of rows) {
    const level = levels[calibrationKey(r)];
    const t = out.get(r.hazard) ?? { rows: 0, agree: 0 };
    t.rows += 1;
    if (level !== undefined && agrees(level, r.reference)) t.agree += 1;
    out.set(r.hazard, t);
  }
  return [...out].map(([hazard, t]) => ({ hazard, ...t, rate: t.agree / t.rows }));
}
