// @ts-check
// A second reader of dambuster scenario files, written from docs/format.md alone (no npm dependencies).
//
//   import { readScenario } from "./reader.mjs";
//   const s = readScenario(JSON.parse(text));
//   s.label([q, r]); s.terrainAt([q, r]); s.neighbours([q, r]); s.downstream([q, r]); ...
//
// Hexes are axial [q, r] arrays; hexsides canonical [q, r, d] with d in 0..2. Section numbers refer to
// docs/format.md. It reads; it does not check what the loader checks (sections 3 and 10).

/** 5.1: the axial offset of direction d (0..5); d and d + 3 are opposite. */
export const DIRECTIONS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

/** 5.6: terrain letters. */
export const TERRAIN = {
  c: "clear", f: "forest", s: "swamp", w: "water", t: "town",
  r: "rubble", x: "crater", b: "building", F: "flooded-town", d: "debris",
};

const key = (h) => `${h[0]},${h[1]}`;

/** 5.1: the neighbour of h in direction d. */
export function neighbour(h, d) {
  const [dq, dr] = DIRECTIONS[((d % 6) + 6) % 6];
  return [h[0] + dq, h[1] + dr];
}

/** 5.1: distance in hexes. */
export function distance(a, b) {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** 5.7: the canonical key of the side of h facing direction d. */
export function canonicalHexside(h, d) {
  d = ((d % 6) + 6) % 6;
  if (d < 3) return [h[0], h[1], d];
  const n = neighbour(h, d);
  return [n[0], n[1], d - 3];
}

/** 5.3: axial -> offset [col, row]. `&` works on negative numbers as two's complement in JS too. */
export function toOffset(layout, h) {
  const [q, r] = h;
  switch (layout) {
    case "odd-q": return [q, r + (q - (q & 1)) / 2];
    case "even-q": return [q, r + (q + (q & 1)) / 2];
    case "odd-r": return [q + (r - (r & 1)) / 2, r];
    case "even-r": return [q + (r + (r & 1)) / 2, r];
    default: throw new Error(`unknown offset layout ${layout}`);
  }
}

/** 5.3: offset [col, row] -> axial. */
export function toAxial(layout, [col, row]) {
  switch (layout) {
    case "odd-q": return [col, row - (col - (col & 1)) / 2];
    case "even-q": return [col, row - (col + (col & 1)) / 2];
    case "odd-r": return [col - (row - (row & 1)) / 2, row];
    case "even-r": return [col - (row + (row & 1)) / 2, row];
    default: throw new Error(`unknown offset layout ${layout}`);
  }
}

class HexScenario {
  constructor(doc) {
    const m = doc.map;
    this.doc = doc;
    this.orientation = m.orientation;
    this.offset = m.offset;
    this.columns = m.columns;
    this.rows = m.rows;
    this.terrainRows = m.terrain.rows;
    // 5.4: label width
    this.labelWidth = Math.max(2, String(Math.max(this.columns, this.rows)).length);
    // 5.7: features on hexsides, by canonical key (the file only writes canonical keys)
    this.features = new Map();
    for (const f of m.hexsides ?? []) {
      const k = f.side.join(",");
      if (!this.features.has(k)) this.features.set(k, []);
      this.features.get(k).push(f.kind);
    }
    this.rivers = m.rivers ?? [];
    this.flow = this.#flowNetwork();
    // 7.2: units by hex (a unit without hex, or with hex null, is not on the map)
    this.unitsByHex = new Map();
    this.unitsNotOnMap = [];
    for (const u of doc.units ?? []) {
      if (u.hex == null) { this.unitsNotOnMap.push(u.id); continue; }
      const k = key(u.hex);
      if (!this.unitsByHex.has(k)) this.unitsByHex.set(k, []);
      this.unitsByHex.get(k).push(u.id);
    }
  }

  toOffset(h) { return toOffset(this.offset, h); }
  toAxial(colRow) { return toAxial(this.offset, colRow); }

  /** 5.3: on the map when 0 <= col < columns and 0 <= row < rows. */
  contains(h) {
    const [col, row] = this.toOffset(h);
    return col >= 0 && col < this.columns && row >= 0 && row < this.rows;
  }

  /** 5.4: one-based column then row, each zero-padded to the label width. */
  label(h) {
    const [col, row] = this.toOffset(h);
    const w = this.labelWidth;
    return String(col + 1).padStart(w, "0") + String(row + 1).padStart(w, "0");
  }

  fromLabel(label) {
    const w = this.labelWidth;
    if (label.length !== 2 * w || !/^[0-9]+$/.test(label)) throw new Error(`bad label ${label}`);
    return this.toAxial([Number(label.slice(0, w)) - 1, Number(label.slice(w)) - 1]);
  }

  /** 5.6: the terrain kind of an on-map hex: rows[row][col]. */
  terrainAt(h) {
    const [col, row] = this.toOffset(h);
    return TERRAIN[this.terrainRows[row][col]];
  }

  /** The six sides of h: neighbour, whether it is on the map, the canonical hexside key and its features. */
  neighbours(h) {
    return DIRECTIONS.map((_, d) => {
      const n = neighbour(h, d);
      const side = canonicalHexside(h, d);
      return { d, hex: n, on_map: this.contains(n), hexside: side,
               features: [...(this.features.get(side.join(",")) ?? [])].sort() };
    });
  }

  /** 5.8: a hex is on the map's edge when it is on the map and one of its neighbours is not. */
  isEdge(h) {
    return this.contains(h) && DIRECTIONS.some((_, d) => !this.contains(neighbour(h, d)));
  }

  /** 5.8: where a tributary enters the river it joins: the first hex of the joined river that is the
   *  tributary's last hex or adjacent to it; null when they do not touch. */
  confluence(river, joined) {
    const last = river.hexes[river.hexes.length - 1];
    return joined.hexes.find((h) => distance(h, last) <= 1) ?? null;
  }

  /** 5.8: the flow network: hex key -> set of hex keys (or "off-map") the water flows to next. */
  #flowNetwork() {
    const next = new Map();
    const add = (a, b) => {
      if (a === b) return;
      if (!next.has(a)) next.set(a, new Set());
      next.get(a).add(b);
    };
    const byId = new Map(this.rivers.map((r) => [r.id, r]));
    for (const r of this.rivers) {
      for (let i = 0; i + 1 < r.hexes.length; i++) add(key(r.hexes[i]), key(r.hexes[i + 1]));
      const last = r.hexes[r.hexes.length - 1];
      if (r.joins != null) {
        const joined = byId.get(r.joins);
        const c = joined ? this.confluence(r, joined) : null;
        if (c) add(key(last), key(c));
      } else if (this.isEdge(last)) {
        add(key(last), "off-map");
      }
    }
    return next;
  }

  /** Every hex water reaches from h, h itself left out, and whether the water flows off the map. */
  downstream(h) {
    const seen = new Set();
    const todo = [...(this.flow.get(key(h)) ?? [])];
    while (todo.length) {
      const k = todo.pop();
      if (seen.has(k)) continue;
      seen.add(k);
      for (const n of this.flow.get(k) ?? []) todo.push(n);
    }
    seen.delete(key(h));
    const offMap = seen.delete("off-map");
    const hexes = [...seen].map((k) => k.split(",").map(Number))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return { hexes, off_map: offMap };
  }

  unitsAt(h) { return [...(this.unitsByHex.get(key(h)) ?? [])].sort(); }

  /** Every hex holding units, with their ids. */
  occupiedHexes() { return [...this.unitsByHex.keys()].map((k) => k.split(",").map(Number)); }
}

class TableScenario {
  constructor(doc) {
    const m = doc.map;
    this.doc = doc;
    this.width = m.width;
    this.depth = m.depth;
    this.unit = m.unit;
    this.unitsNotOnMap = (doc.units ?? []).filter((u) => u.hex == null).map((u) => u.id);
    this.sewer = m.sewer ?? null;
    this.corridors = new Map((this.sewer?.corridors ?? []).map((c) => [c.id, c]));
  }
  occupiedHexes() { return []; }

  /** 6.3: a corridor's length, the sum of its straight segments. */
  corridorLength(id) {
    const line = this.corridors.get(id).line;
    let length = 0;
    for (let i = 1; i < line.length; i++) length += Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
    return length;
  }

  /** 6.3: the point `position` table units along a corridor's centre line: walk the segments until the
   *  distance is used up, then interpolate within the last one. */
  pointAlong(id, position) {
    const line = this.corridors.get(id).line;
    let left = position;
    for (let i = 1; i < line.length; i++) {
      const [x0, y0] = line[i - 1];
      const [x1, y1] = line[i];
      const seg = Math.hypot(x1 - x0, y1 - y0);
      if (left <= seg || i === line.length - 1) {
        const t = Math.min(1, Math.max(0, left / seg));
        return [x0 + t * (x1 - x0), y0 + t * (y1 - y0)];
      }
      left -= seg;
    }
    return [line[0][0], line[0][1]];
  }
}

/** Reads a parsed scenario document. Refuses a major version other than 1 (section 2).
 *  @param {import("../types/scenario.js").DambusterScenario} doc */
export function readScenario(doc) {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) throw new Error("not a JSON object");
  const m = /^([0-9]{1,3})\.([0-9]{1,3})$/.exec(doc.format_version ?? "");
  if (!m || m[1] !== "1") throw new Error(`unknown format_version ${JSON.stringify(doc.format_version)}`);
  if (doc.map?.kind === "hex") return new HexScenario(doc);
  if (doc.map?.kind === "table") return new TableScenario(doc);
  throw new Error(`unknown map kind ${JSON.stringify(/** @type {any} */ (doc.map)?.kind)}`);  // a kind outside the type
}
