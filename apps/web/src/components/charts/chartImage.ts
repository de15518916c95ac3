import type { AnalyticsChart } from '@ute/contract';
import { formatByUnit } from '../../lib/analyticsFormat';
import { saveBlob } from '../../lib/apiClient';
import { bucketLabel, shadeOf } from './chartData';

/**
 * Saves an SVG chart as a PNG: the SVG is serialised (it carries its own fills and fonts, no CSS
 * classes, so it draws the same outside the page), drawn on a white canvas at twice its size, and
 * downloaded as `name`.
 */
export async function saveSvgAsPng(svg: SVGSVGElement, name: string): Promise<void> {
  const { width, height } = svg.viewBox.baseVal;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const source = new XMLSerializer().serializeToString(clone);
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart could not be drawn as an image'));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('The chart could not be drawn as an image');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The chart could not be drawn as an image');
    saveBlob(blob, name);
  } finally {
    URL.revokeObjectURL(url);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = { width: 64, height: 24, label: 96 };

/** The heat-map drawn as an SVG (not shown: the PNG download's picture of the table above). */
export function cohortSvg(chart: AnalyticsChart): SVGSVGElement {
  const size = chart.series.find((series) => series.key === 'size');
  const months = chart.series.filter((series) => series.key !== 'size');
  const width = CELL.label + CELL.width * (months.length + 1) + 8;
  const height = CELL.height * (chart.buckets.length + 1) + 8;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const add = (name: string, attributes: Record<string, string | number>, text?: string) => {
    const node = document.createElementNS(SVG_NS, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
  };
  const textAt = (x: number, y: number, text: string, fill = '#0f172a') =>
    add('text', { x, y, fill, 'font-size': 11, 'font-family': 'system-ui, sans-serif', 'text-anchor': 'middle' }, text);
  add('rect', { width, height, fill: '#ffffff' });
  textAt(CELL.label / 2, 16, 'Month', '#334155');
  [size?.label ?? 'Users', ...months.map((series) => series.label)].forEach((heading, column) =>
    textAt(CELL.label + CELL.width * (column + 0.5), 16, heading, '#334155'),
  );
  chart.buckets.forEach((bucket, row) => {
    const top = CELL.height * (row + 1);
    textAt(CELL.label / 2, top + 16, bucketLabel(bucket, true));
    textAt(CELL.label + CELL.width / 2, top + 16, formatByUnit('count', size?.values[row] ?? null));
    months.forEach((series, column) => {
      const value = series.values[row] ?? null;
      if (value === null) return;
      const shade = shadeOf(value);
      add('rect', { x: CELL.label + CELL.width * (column + 1) + 1, y: top + 1, width: CELL.width - 2, height: CELL.height - 2, rx: 3, fill: shade.background });
      textAt(CELL.label + CELL.width * (column + 1.5), top + 16, formatByUnit(chart.unit, value), shade.color);
    });
  });
  return svg;
}
