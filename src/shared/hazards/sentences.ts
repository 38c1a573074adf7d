/**
 * The fixed, plain-language sentence of each level (0 none … 5 very high) of the site hazards,
 * named as reports name the levels (Moderate, not ThinkHazard's Medium):
 * reports open a risk's reasons with it, and the methodology page quotes it.
 */
export type SiteHazard = 'earthquake' | 'riverFlood' | 'coastalFlood' | 'landslide' | 'volcano';

export const LEVEL_SENTENCES: Record<SiteHazard, readonly [string, string, string, string, string, string]> = {
  earthquake: [
    'No damaging earthquake is expected at this site.',
    'Damaging earthquake shaking is very unlikely here: less than a 2 % chance in the next 50 years.',
    'Low: about a 2–10 % chance of potentially damaging earthquake shaking in the next 50 years.',
    'Moderate: about a 10–20 % chance of potentially damaging earthquake shaking in the next 50 years.',
    'High: more than a 20 % chance of potentially damaging earthquake shaking in the next 50 years.',
    'Very high: damaging earthquakes recur here within a working lifetime; more than a 40 % chance in the next 50 years.',
  ],
  riverFlood: [
    'No river flooding is expected at this site.',
    'Very low: river flooding is unlikely to reach the site; local surface water remains possible.',
    'Low: a river flood may reach the site in a rare, 100–1,000-year event.',
    'Moderate: a damaging river flood may reach the site about once in 50 years.',
    'High: a damaging river flood is likely to reach the site in the next 10 years.',
    'Very high: the site lies on an active flood plain that floods every few years.',
  ],
  coastalFlood: [
    'No flooding from the sea is expected at this site.',
    'Very low: the sea is near, but the site is well above storm-surge levels.',
    'Low: flooding from the sea may reach the site in a rare, 100-year storm surge.',
    'Moderate: a damaging storm surge may reach the site about once in 50 years.',
    'High: a damaging storm surge is likely to reach the site in the next 10 years unless defences hold.',
    'Very high: the site lies at sea level on the shore and floods with the highest tides and surges.',
  ],
  landslide: [
    'No landslides are expected: the land around the site is flat.',
    'Very low: gentle terrain; landslides are unlikely.',
    'Low: hilly terrain; landslides may occur on local slopes after heavy rain.',
    'Moderate: marked relief; landslides are recorded in this kind of terrain after heavy rain or earthquakes.',
    'High: steep, mountainous terrain; landslides are frequent in this kind of terrain.',
    'Very high: steep terrain in a zone of strong earthquakes; landslides are frequent and can be triggered by shaking.',
  ],
  volcano: [
    'No volcano is close enough to affect the site.',
    'Very low: a Holocene volcano lies within 200 km; only distant ash fall is conceivable.',
    'Low: a Holocene volcano lies within 100 km; ash fall is possible in a large eruption.',
    'Moderate: a volcano lies near the site; ash fall and ground effects are possible in an eruption.',
    'High: an active volcano (erupted in the last 2,000 years) lies within 50 km; ash fall and other eruption effects are likely in the site\'s lifetime.',
    'Very high: the site lies within 20 km of a volcano active in the last century.',
  ],
};

/**
 * The message id of each level sentence (src/locales/{locale}/engine-location.json), same order
 * as LEVEL_SENTENCES, whose English strings stay for the readers that quote them.
 */
export const LEVEL_SENTENCE_IDS: Record<SiteHazard, readonly [string, string, string, string, string, string]> = {
  earthquake: ['location.earthquake.level0', 'location.earthquake.level1', 'location.earthquake.level2', 'location.earthquake.level3', 'location.earthquake.level4', 'location.earthquake.level5'],
  riverFlood: ['location.flood.level0', 'location.flood.level1', 'location.flood.level2', 'location.flood.level3', 'location.flood.level4', 'location.flood.level5'],
  coastalFlood: ['location.coastalFlood.level0', 'location.coastalFlood.level1', 'location.coastalFlood.level2', 'location.coastalFlood.level3', 'location.coastalFlood.level4', 'location.coastalFlood.level5'],
  landslide: ['location.landslide.level0', 'location.landslide.level1', 'location.landslide.level2', 'location.landslide.level3', 'location.landslide.level4', 'location.landslide.level5'],
  volcano: ['location.volcano.level0', 'location.volcano.level1', 'location.volcano.level2', 'location.volcano.level3', 'location.volcano.level4', 'location.volcano.level5'],
};
