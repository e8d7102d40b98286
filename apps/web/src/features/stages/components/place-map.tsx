import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { runtimeConfig } from '../../../lib/runtime-config.ts';

/** Six decimals of a degree: about 10 cm, finer than a click can point. */
const roundDegrees = (value: number) => Math.round(value * 1e6) / 1e6;

/** Where the map opens without a place: the whole world. */
const WORLD_VIEW = { center: L.latLng(20, 0), zoom: 2 };
/** How close a stage's own place is shown: a street. */
const PLACE_ZOOM = 17;
const MAX_ZOOM = 19;

/**
 * The map without tiles (none configured, as in tests): a grid drawn on canvases. Where a click lands is said by the
 * coordinates control (`CoordinatesReadout`), not on the tiles, whose labels the map's edges and controls cut.
 */
class CoordinateGrid extends L.GridLayer {
  override createTile(): HTMLElement {
    const size = this.getTileSize();
    const tile = document.createElement('canvas');
    tile.width = size.x;
    tile.height = size.y;
    const context = tile.getContext('2d');
    if (!context) return tile;
    context.fillStyle = '#f3f5fa';
    context.fillRect(0, 0, size.x, size.y);
    context.strokeStyle = '#e1e5ef';
    context.lineWidth = 1;
    for (let offset = size.x / 4; offset < size.x; offset += size.x / 4) {
      context.beginPath();
      context.moveTo(offset + 0.5, 0);
      context.lineTo(offset + 0.5, size.y);
      context.moveTo(0, offset + 0.5);
      context.lineTo(size.x, offset + 0.5);
      context.stroke();
    }
    context.strokeStyle = '#b9c0d4';
    context.beginPath();
    context.moveTo(0.5, 0);
    context.lineTo(0.5, size.y);
    context.moveTo(0, 0.5);
    context.lineTo(size.x, 0.5);
    context.stroke();
    return tile;
  }
}

/** Degrees to as many decimals as the zoom tells apart: a hundred-thousandth (about a metre) when close. */
function degreesAt(zoom: number, value: number): string {
  const decimals = Math.min(5, Math.max(1, Math.ceil(Math.log10((2 ** zoom / 360) * 256))));
  return value.toFixed(decimals);
}

/**
 * Inside the map's bottom-left corner, the latitude and longitude under the pointer (or of the map's centre when the
 * pointer is away): it says where a click lands, never cut by an edge of the map.
 */
class CoordinatesReadout extends L.Control {
  private readonly element = L.DomUtil.create('div', 'stage-map__coordinates');
  private map: L.Map | undefined;

  private show(point: L.LatLng, what: string): void {
    const zoom = this.map?.getZoom() ?? 0;
    const { lat, lng } = point.wrap();
    this.element.textContent = `${what} ${degreesAt(zoom, lat)}°, ${degreesAt(zoom, lng)}°`;
  }

  private readonly showPointer = (event: L.LeafletMouseEvent) => this.show(event.latlng, 'Pointer');
  private readonly showCentre = () => {
    if (this.map) this.show(this.map.getCenter(), 'Centre');
  };

  override onAdd(map: L.Map): HTMLElement {
    this.map = map;
    // what the map's own label and the fields say already, for a screen reader
    this.element.setAttribute('aria-hidden', 'true');
    map.on('mousemove', this.showPointer);
    map.on('mouseout moveend zoomend', this.showCentre);
    this.showCentre();
    return this.element;
  }

  override onRemove(map: L.Map): void {
    map.off('mousemove', this.showPointer);
    map.off('mouseout moveend zoomend', this.showCentre);
    this.map = undefined;
  }
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Who the tiles are from: OpenStreetMap's own credit, else the tile server's host. */
function tileAttribution(template: string): string {
  let host = '';
  try {
    host = new URL(template.replace(/\{[a-z]\}/g, '0')).hostname;
  } catch {
    return '';
  }
  if (/openstreetmap/i.test(host)) {
    return '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors';
  }
  return `Map tiles: ${escapeHtml(host)}`;
}

/** The place's pin with an arrow for its heading; styled by stages.css, turned through the CSSOM (CSP allows it). */
const placeIcon = L.divIcon({
  className: 'stage-map__marker',
  html: '<span class="stage-map__heading"></span><span class="stage-map__pin"></span>',
  // the arrow turns within the box: its tip is half the box from the centre
  iconSize: [40, 40],
  iconAnchor: [20, 20],
});

export interface PlaceMapProps {
  latitude: number | undefined;
  longitude: number | undefined;
  /** Degrees clockwise from north, drawn as the pin's arrow. */
  heading: number | undefined;
  onPick: (latitude: number, longitude: number) => void;
  /** What the map is, for screen readers. */
  label: string;
  describedBy?: string;
}

/**
 * A Leaflet map of the stage's place: a click (or dragging the pin) sets it, and a place typed into the fields moves
 * the pin. With a tile URL configured it shows those tiles with their credit; without one, a coordinate grid.
 */
export function PlaceMap({ latitude, longitude, heading, onPick, label, describedBy }: PlaceMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  // where the map opens: the place the stage already has, read once
  const initial = useRef({ latitude, longitude });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { latitude: lat, longitude: lng } = initial.current;
    const hasPlace = lat !== undefined && lng !== undefined;
    const map = L.map(container, {
      center: hasPlace ? L.latLng(lat, lng) : WORLD_VIEW.center,
      zoom: hasPlace ? PLACE_ZOOM : WORLD_VIEW.zoom,
      minZoom: 1,
      maxZoom: MAX_ZOOM,
      worldCopyJump: true,
    });
    const tileUrl = runtimeConfig.mapTileUrl;
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: tileAttribution(tileUrl), maxZoom: MAX_ZOOM }).addTo(map);
    } else {
      new CoordinateGrid({ maxZoom: MAX_ZOOM }).addTo(map);
    }
    new CoordinatesReadout({ position: 'bottomleft' }).addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => {
      const point = event.latlng.wrap();
      onPickRef.current(roundDegrees(point.lat), roundDegrees(point.lng));
    });
    mapRef.current = map;
    // the map measures its box: again whenever the layout changes it (a phone turned, the columns stacked)
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (latitude === undefined || longitude === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const place = L.latLng(latitude, longitude);
    let marker = markerRef.current;
    if (!marker) {
      marker = L.marker(place, { icon: placeIcon, draggable: true, keyboard: false, title: 'Stage place' });
      marker.on('dragend', () => {
        const point = marker?.getLatLng().wrap();
        if (point) onPickRef.current(roundDegrees(point.lat), roundDegrees(point.lng));
      });
      marker.addTo(map);
      markerRef.current = marker;
    } else {
      marker.setLatLng(place);
    }
    // a place typed into the fields is brought into view; a click is already in it
    if (!map.getBounds().contains(place)) map.setView(place, Math.max(map.getZoom(), PLACE_ZOOM - 2));
  }, [latitude, longitude]);

  useEffect(() => {
    const arrow = markerRef.current?.getElement()?.querySelector<HTMLElement>('.stage-map__heading');
    if (arrow) arrow.style.transform = `rotate(${heading ?? 0}deg)`;
  });

  return (
    <div
      ref={containerRef}
      className="stage-map__canvas"
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
