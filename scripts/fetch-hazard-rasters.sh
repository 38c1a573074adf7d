#!/usr/bin/env bash
# Downloads richer hazard rasters from their publishers, clips them to Europe and writes the
# HAZARD_DATA_DIR layout Corisk reads: GeoTIFFs plus manifest.json. Run it on a machine with
# internet access and GDAL (gdalwarp, gdal_rasterize); it is not run by the tests or at start-up.
#
#   HAZARD_DATA_DIR=/srv/corisk/hazards \
#   ESHM20_PGA475_URL=… JRC_FLOOD_RP10_URL=… JRC_FLOOD_RP100_URL=… AQUEDUCT_GDB_URL=… \
#   scripts/fetch-hazard-rasters.sh
#
# Each *_URL is the download link of the file on its publisher's page (the links change with new
# releases, so they are given, not hard-coded). A layer whose URL is unset is skipped.
#
# | layer | publisher page | licence | units in manifest |
# |---|---|---|---|
# | ESHM20 PGA, 475-year return period (GeoTIFF, or a point grid turned into one with gdal_grid) | EFEHR, hazard.efehr.org (European Seismic Hazard Model 2020) | CC BY 4.0 | pga_g |
# | JRC river flood depth, 10- and 100-year return periods (GeoTIFF, metres) | European Commission JRC data catalogue, "River flood hazard maps for Europe and the Mediterranean Basin" | CC BY 4.0 | depth_m |
# | WRI Aqueduct 4.0 baseline water stress (file geodatabase, polygons; field bws_raw) | wri.org/data/aqueduct-global-maps-40-data | CC BY 4.0 | water_stress |
# | NASA global landslide susceptibility (GeoTIFF, classes 1–5) | NASA GSFC, "Global Landslide Susceptibility Map" | no restrictions (NASA) | class_1_5 |
#
# Every output is EPSG:4326, clipped to lon −32…45, lat 27…72, Deflate-compressed, tiled, classic
# TIFF (not BigTIFF), which is what src/server/geo/geotiff.ts reads.
set -euo pipefail

out="${HAZARD_DATA_DIR:?set HAZARD_DATA_DIR to the output directory}"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for tool in curl gdalwarp; do command -v "$tool" >/dev/null || { echo "needs $tool (GDAL)" >&2; exit 1; }; done

BOX=(-te -32 27 45 72)
WARP=(-t_srs EPSG:4326 "${BOX[@]}" -of GTiff -co COMPRESS=DEFLATE -co TILED=YES -co BIGTIFF=NO -overwrite)
entries=()

# add_layer FILE DATASET VERSION LICENCE URL HAZARD UNITS [RETURN_PERIOD]
add_layer() {
  local rp=""
  [[ -n "${8:-}" ]] && rp=", \"return_period\": $8"
  entries+=("{\"file\": \"$1\", \"dataset\": \"$2\", \"version\": \"$3\", \"licence\": \"$4\", \"url\": \"$5\", \"hazard\": \"$6\", \"units\": \"$7\"$rp}")
}

# raster URL → clipped GeoTIFF
fetch_raster() {
  local url="$1" name="$2"
  curl -fL --retry 3 -o "$work/$name.src" "$url"
  gdalwarp "${WARP[@]}" -ot Float32 "$work/$name.src" "$out/$name.tif"
}

if [[ -n "${ESHM20_PGA475_URL:-}" ]]; then
  fetch_raster "$ESHM20_PGA475_URL" eshm20_pga475
  add_layer eshm20_pga475.tif "ESHM20 PGA, 475-year return period" "2020" "CC BY 4.0 (EFEHR)" "https://hazard.efehr.org" earthquake pga_g 475
fi
if [[ -n "${JRC_FLOOD_RP10_URL:-}" ]]; then
  fetch_raster "$JRC_FLOOD_RP10_URL" jrc_flood_rp10
  add_layer jrc_flood_rp10.tif "JRC river flood depth, 10-year return period" "v2" "CC BY 4.0 (European Commission JRC)" "https://data.jrc.ec.europa.eu" riverFlood depth_m 10
fi
if [[ -n "${JRC_FLOOD_RP100_URL:-}" ]]; then
  fetch_raster "$JRC_FLOOD_RP100_URL" jrc_flood_rp100
  add_layer jrc_flood_rp100.tif "JRC river flood depth, 100-year return period" "v2" "CC BY 4.0 (European Commission JRC)" "https://data.jrc.ec.europa.eu" riverFlood depth_m 100
fi
if [[ -n "${NASA_LANDSLIDE_URL:-}" ]]; then
  curl -fL --retry 3 -o "$work/landslide.src" "$NASA_LANDSLIDE_URL"
  gdalwarp "${WARP[@]}" -ot Int16 "$work/landslide.src" "$out/nasa_landslide.tif"
  add_layer nasa_landslide.tif "NASA global landslide susceptibility" "2017" "NASA, no restrictions" "https://gpm.nasa.gov/landslides" landslide class_1_5
fi
if [[ -n "${AQUEDUCT_GDB_URL:-}" ]]; then
  command -v gdal_rasterize >/dev/null || { echo "needs gdal_rasterize (GDAL)" >&2; exit 1; }
  curl -fL --retry 3 -o "$work/aqueduct.zip" "$AQUEDUCT_GDB_URL"
  (cd "$work" && unzip -q aqueduct.zip)
  gdb="$(find "$work" -name '*.gdb' -type d | head -1)"
  # polygons → 0.05° grid of the raw water-stress ratio (bws_raw); −1 where there is no value
  gdal_rasterize -a bws_raw -a_nodata -1 -init -1 -tr 0.05 0.05 "${BOX[@]}" -ot Float32 \
    -co COMPRESS=DEFLATE -co TILED=YES -co BIGTIFF=NO -l baseline_annual "$gdb" "$out/aqueduct_bws.tif"
  add_layer aqueduct_bws.tif "WRI Aqueduct 4.0 baseline water stress" "4.0" "CC BY 4.0 (WRI)" "https://www.wri.org/aqueduct" drought water_stress
fi

if [[ ${#entries[@]} -eq 0 ]]; then
  echo "no layer URL given: set at least one of ESHM20_PGA475_URL, JRC_FLOOD_RP10_URL, JRC_FLOOD_RP100_URL, NASA_LANDSLIDE_URL, AQUEDUCT_GDB_URL" >&2
  exit 1
fi
{
  echo '{ "layers": ['
  for i in "${!entries[@]}"; do
    sep=","; [[ $i -eq $((${#entries[@]} - 1)) ]] && sep=""
    echo "  ${entries[$i]}$sep"
  done
  echo '] }'
} > "$out/manifest.json"
echo "wrote ${#entries[@]} layer(s) and manifest.json to $out; start Corisk with HAZARD_DATA_DIR=$out"
