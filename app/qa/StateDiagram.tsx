import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { useEffect, useMemo, useRef, useState, type PointerEvent, type Ref } from 'react';
import { Button } from '../../ui';
import type { Chart, ChartNode } from './graph';
import { humanise } from './qaGuide';

/**
 * The statechart drawn as SVG. ELK (the Eclipse Layout Kernel, compiled to JavaScript) places the
 * states and routes the arrows; this component only paints what it computed. Works offline.
 */
const elk = new ELK();

const CHAR_WIDTH = 7.2;
const NODE_HEIGHT = 36;
const LABEL_HEIGHT = 16;

function toElk(node: ChartNode): ElkNode {
  // Each state in words, as the explorer names the current state ("adding to cart").
  const text = humanise(node.label);
  const width = Math.max(90, text.length * CHAR_WIDTH + 28);
  if (node.children.length === 0)
    return { id: node.id, width, height: NODE_HEIGHT, labels: [{ text }] };
  return {
    id: node.id,
    labels: [{ text, width, height: LABEL_HEIGHT }],
    layoutOptions: { 'elk.padding': '[top=32,left=16,bottom=16,right=16]' },
    children: node.children.map(toElk),
  };
}

/** The states a parent enters first (each compound state's initial child, and the machine's). */
export function initialStateIds(node: ChartNode): string[] {
  return node.children.flatMap((child) => [
    ...(child.initial ? [child.id] : []),
    ...initialStateIds(child),
  ]);
}

function flattenIds(nodes: readonly ChartNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...flattenIds(node.children)]);
}

/** Transitions on the machine's root: they apply in every state. */
export function rootTransitions(chart: Chart): string[] {
  const label = (id: string) => id.split('.').slice(1).join('.') || id;
  return chart.edges
    .filter((e) => e.source === chart.root.id)
    .map((e) => `${e.label} → ${label(e.target)}`);
}

interface Laid {
  nodes: {
    id: string;
    x: number;
    y: number;
    width: number;
    height: number;
    label: string;
    compound: boolean;
  }[];
  edges: {
    id: string;
    points: { x: number; y: number }[];
    label: string;
    labelX: number;
    labelY: number;
  }[];
  width: number;
  height: number;
}

async function layout(chart: Chart): Promise<Laid> {
  // Transitions declared on the machine itself have no box to start from; they are listed
  // under the diagram instead (see rootTransitions).
  const ids = new Set(flattenIds(chart.root.children));
  const edges: ElkExtendedEdge[] = chart.edges
    .filter((e) => ids.has(e.source) && ids.has(e.target))
    .map((e) => ({
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      labels: [{ text: e.label, width: e.label.length * 6.4 + 8, height: 14 }],
    }));
  const input: ElkNode = {
    id: 'chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '70',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
    },
    children: chart.root.children.map(toElk),
    edges,
  };
  const graph: ElkNode = await elk.layout(input);
  const out: Laid = { nodes: [], edges: [], width: graph.width ?? 0, height: graph.height ?? 0 };
  const offsets = new Map<string, { x: number; y: number }>();
  const walk = (node: ElkNode, dx: number, dy: number) => {
    for (const child of node.children ?? []) {
      const x = dx + (child.x ?? 0);
      const y = dy + (child.y ?? 0);
      offsets.set(child.id, { x, y });
      out.nodes.push({
        id: child.id,
        x,
        y,
        width: child.width ?? 0,
        height: child.height ?? 0,
        label: child.labels?.[0]?.text ?? child.id,
        compound: (child.children?.length ?? 0) > 0,
      });
      walk(child, x, y);
    }
  };
  walk(graph, 0, 0);
  const collectEdges = (node: ElkNode, dx: number, dy: number) => {
    for (const edge of node.edges ?? []) {
      const container = (edge as { container?: string }).container;
      const base =
        container && container !== 'chart'
          ? (offsets.get(container) ?? { x: dx, y: dy })
          : { x: 0, y: 0 };
      for (const section of edge.sections ?? []) {
        const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(
          (p) => ({
            x: p.x + base.x,
            y: p.y + base.y,
          }),
        );
        const label = edge.labels?.[0];
        out.edges.push({
          id: edge.id,
          points,
          label: label?.text ?? '',
          labelX: (label?.x ?? 0) + base.x,
          labelY: (label?.y ?? 0) + base.y + 10,
        });
      }
    }
    for (const child of node.children ?? [])
      collectEdges(child, dx + (child.x ?? 0), dy + (child.y ?? 0));
  };
  collectEdges(graph, 0, 0);
  return out;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The diagram as a standalone SVG file: the drawn `<svg>` serialised as XML with the SVG
 * namespace declared on its root (an SVG inside an HTML page has none in its markup), its size
 * fixed from its viewBox.
 */
export function statechartSvgMarkup(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const box = svg.viewBox.baseVal;
  if (box && box.width > 0) {
    copy.setAttribute('width', String(Math.ceil(box.width)));
    copy.setAttribute('height', String(Math.ceil(box.height)));
  }
  copy.removeAttribute('style');
  copy.setAttribute('font-family', 'system-ui, sans-serif');
  let markup = new XMLSerializer().serializeToString(copy);
  // XMLSerializer declares the namespace of an element that differs from its context; make sure.
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(markup)) {
    markup = markup.replace(/^<svg/, `<svg xmlns="${SVG_NS}"`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${markup}\n`;
}

/** The diagram as an SVG file, ready to download. */
export function statechartSvgBlob(svg: SVGSVGElement): Blob {
  return new Blob([statechartSvgMarkup(svg)], { type: 'image/svg+xml' });
}

/** Saves the diagram as `fileName` through a temporary link. */
export function downloadStatechart(svg: SVGSVGElement, fileName: string): void {
  const url = URL.createObjectURL(statechartSvgBlob(svg));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface StateDiagramProps {
  chart: Chart;
  /** Ids of the states the actor is in now. */
  activeIds: ReadonlySet<string>;
  title: string;
  /** The drawn `<svg>`, once it is laid out (for `downloadStatechart`). */
  svgRef?: Ref<SVGSVGElement>;
}

/** The zoom steps: from a large chart's overview to its labels at twice their size. */
const ZOOMS = [0.25, 0.33, 0.5, 0.67, 0.8, 1, 1.25, 1.5, 2] as const;

/** Drag to pan: the pointer's last position while a drag is on. */
interface Drag {
  x: number;
  y: number;
  pointer: number;
}

export function StateDiagram({ chart, activeIds, title, svgRef }: StateDiagramProps) {
  const [laid, setLaid] = useState<Laid | null>(null);
  // Drawn at its own size (labels 11 to 13 px) and scrolled, unless QA zooms out or fits it.
  const [zoom, setZoom] = useState(1);
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    layout(chart).then(
      (result) => live && setLaid(result),
      (e: unknown) => live && setError(String(e)),
    );
    return () => {
      live = false;
    };
  }, [chart]);
  const active = useMemo(() => [...activeIds].join(', '), [activeIds]);
  const initialIds = useMemo(() => new Set(initialStateIds(chart.root)), [chart]);

  // The current state stays in sight: when none of the states just entered (or, if none is new,
  // none of the current ones) is inside the scrolled viewport, the first of them is brought in.
  const shown = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const box = viewport.current;
    const leaves = laid?.nodes.filter((node) => !node.compound && activeIds.has(node.id)) ?? [];
    const entered = leaves.filter((node) => !shown.current.has(node.id));
    shown.current = activeIds;
    const candidates = entered.length > 0 ? entered : leaves;
    if (!box || candidates.length === 0) return;
    const place = (node: Laid['nodes'][number]) => ({
      x: (node.x + 10) * zoom,
      y: (node.y + 10) * zoom,
      w: node.width * zoom,
      h: node.height * zoom,
    });
    const inSight = ({ x, y, w, h }: ReturnType<typeof place>) =>
      x >= box.scrollLeft &&
      x + w <= box.scrollLeft + box.clientWidth &&
      y >= box.scrollTop &&
      y + h <= box.scrollTop + box.clientHeight;
    if (candidates.some((node) => inSight(place(node)))) return;
    const { x, y, w, h } = place(candidates[0] as Laid['nodes'][number]);
    box.scrollTo({ left: x + w / 2 - box.clientWidth / 2, top: y + h / 2 - box.clientHeight / 2 });
  }, [laid, activeIds, zoom]);
  const fromAnyState = rootTransitions(chart);
  const step = (direction: 1 | -1) =>
    setZoom((current) => {
      const next =
        direction > 0
          ? ZOOMS.find((z) => z > current + 0.001)
          : [...ZOOMS].reverse().find((z) => z < current - 0.001);
      return next ?? current;
    });
  const fit = () => {
    const width = viewport.current?.clientWidth ?? 0;
    if (laid && width > 0) setZoom(Math.min(2, (width - 4) / (laid.width + 20)));
  };
  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, pointer: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    const last = drag.current;
    if (!last || last.pointer !== event.pointerId) return;
    event.currentTarget.scrollBy(last.x - event.clientX, last.y - event.clientY);
    drag.current = { ...last, x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  if (error) return <p role="alert">The diagram could not be laid out: {error}</p>;
  if (!laid) return <p>Laying out the statechart…</p>;
  return (
    <>
      {fromAnyState.length > 0 ? (
        <p data-testid="root-transitions">In any state: {fromAnyState.join('; ')}</p>
      ) : null}
      <p data-testid="diagram-key">
        ● marks the state each machine or group of states starts in; &quot;always&quot; arrows are
        taken at once, without an event.
      </p>
      <div role="group" aria-label="Zoom" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Button
          variant="secondary"
          size="sm"
          onPress={() => step(-1)}
          isDisabled={zoom <= ZOOMS[0]}
        >
          Zoom out
        </Button>
        <Button variant="secondary" size="sm" onPress={() => step(1)} isDisabled={zoom >= 2}>
          Zoom in
        </Button>
        <Button variant="secondary" size="sm" onPress={fit}>
          Fit to width
        </Button>
        <Button variant="secondary" size="sm" onPress={() => setZoom(1)} isDisabled={zoom === 1}>
          Actual size
        </Button>
        <output data-testid="diagram-zoom">{Math.round(zoom * 100)} %</output>
      </div>
      <div
        ref={viewport}
        data-testid="diagram-viewport"
        tabIndex={0}
        role="region"
        aria-label={`${title} statechart: scroll or drag to pan`}
        onPointerDown={startDrag}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        style={{
          overflow: 'auto',
          maxHeight: '70vh',
          border: '1px solid #d6d3cb',
          cursor: 'grab',
          touchAction: 'pan-x pan-y',
        }}
      >
        <svg
          ref={svgRef}
          role="img"
          aria-label={`${title} statechart; current state: ${active}`}
          viewBox={`-10 -10 ${laid.width + 20} ${laid.height + 20}`}
          width={Math.round((laid.width + 20) * zoom)}
          height={Math.round((laid.height + 20) * zoom)}
          // Its own size, not the page's `svg { max-width: 100% }`: the viewport scrolls instead.
          style={{ display: 'block', maxWidth: 'none', fontFamily: 'system-ui, sans-serif' }}
          data-testid="state-diagram"
        >
          <defs>
            <marker
              id="arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0 0 L10 5 L0 10 z" fill="#4f4f4f" />
            </marker>
          </defs>
          {laid.nodes.map((node) => {
            const isActive = activeIds.has(node.id);
            return (
              <g
                key={node.id}
                data-state-id={node.id}
                data-active={isActive ? 'true' : undefined}
                data-initial={initialIds.has(node.id) ? 'true' : undefined}
              >
                {/* The state's technical id, as a tooltip. */}
                <title>{node.id}</title>
                <rect
                  x={node.x}
                  y={node.y}
                  width={node.width}
                  height={node.height}
                  rx={8}
                  fill={node.compound ? '#f7f6f2' : isActive ? '#ffd100' : '#ffffff'}
                  stroke={isActive ? '#1a1a1a' : '#6b6b6b'}
                  strokeWidth={isActive ? 3 : 1.5}
                />
                <text
                  x={node.compound ? node.x + 10 : node.x + node.width / 2}
                  y={node.compound ? node.y + 20 : node.y + node.height / 2 + 5}
                  textAnchor={node.compound ? 'start' : 'middle'}
                  fontSize={13}
                  fontWeight={isActive ? 700 : 400}
                  fill="#1a1a1a"
                >
                  {node.label}
                </text>
                {initialIds.has(node.id) ? (
                  // The initial-state marker: a filled dot on the box's top-left corner.
                  <circle cx={node.x + 2} cy={node.y + 2} r={6} fill="#1a1a1a" stroke="#ffffff" />
                ) : null}
              </g>
            );
          })}
          {laid.edges.map((edge) => (
            <g key={`${edge.id}-${edge.points[0]?.x ?? 0}`}>
              <polyline
                points={edge.points.map((p) => `${p.x},${p.y}`).join(' ')}
                fill="none"
                stroke="#4f4f4f"
                strokeWidth={1.3}
                markerEnd="url(#arrow)"
              />
              <text x={edge.labelX} y={edge.labelY} fontSize={11} fill="#1a1a1a">
                {edge.label}
              </text>
            </g>
          ))}
        </svg>
      </div>
    </>
  );
}
