/** Renders the location map of a site as an image (call 12). */
export interface MapRenderer {
  readonly name: string;
  /** A PNG of the map centred on the point; countryIso2 highlights the site's country. */
  render(request: MapRequest): Promise<Buffer>;
}

export interface MapRequest {
  latitude: number;
  longitude: number;
  countryIso2?: string;
}
