// The villa in 3D (three.js), drawn from the engine's own parts and the position the server
// sends (`games/villa/board_data.py`, as `view.board.data`). Drag to orbit, pinch or scroll to zoom;
// tap one of your highlighted columns to pull it; move the ghost column (or the next floor) over
// the top floor: it snaps to the legal spots and a ring shows its footprint; then confirm.
// A collapse falls (a short animation, none with prefers-reduced-motion). `mount` returns null
// where WebGL is missing, and the table page keeps its SVG board.
import * as THREE from "./vendor/three/three.module.js";
import { OrbitControls } from "./vendor/three/OrbitControls.js";
import "./flat.js"; // the flat SVG board's touch preview, used where this 3D one is not

const TAP_PX = 8; // a pointer that moved less than this between down and up is a tap, not a drag
const FALL_SECONDS = 1.3;
const GRAVITY = 1800; // mm/s²
const HIGHLIGHT = 0xff7a00;
const GHOST = 0x1b8a5a;

function hasWebGL() {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") || canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

// Game coordinates (x right, y to the back, z up; mm) to three.js (y up, z towards the viewer).
const at = (x, y, z) => new THREE.Vector3(x, z, -y);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// A column's side: its colour with its name (e.g. "W4") written twice around it, so the colour
// is never the only cue.
function labelTexture(name, fill) {
  const canvas = document.createElement("canvas");
  canvas.width = 256;
  canvas.height = 128;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const dark = new THREE.Color(fill).getHSL({}).l < 0.45;
  ctx.fillStyle = dark ? "#ffffff" : "#2b241b";
  ctx.font = "bold 44px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const u of [0.25, 0.75]) ctx.fillText(name, u * canvas.width, canvas.height / 2);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

function columnGeometry(kind, height) {
  const segments = kind.shape === "hexagon" ? 6 : 32;
  const geometry = new THREE.CylinderGeometry(kind.radius, kind.radius, height, segments);
  if (kind.shape === "hexagon") geometry.rotateY(Math.PI / 2); // a corner at +x, as in parts.py
  geometry.translate(0, height / 2, 0);
  return geometry;
}

function floorGeometry(floor, thickness) {
  const pieces = floor.pieces.map((piece) => {
    const shape = new THREE.Shape(piece.map(([x, y]) => new THREE.Vector2(x, y)));
    const geometry = new THREE.ExtrudeGeometry(shape, { depth: thickness, bevelEnabled: false });
    geometry.rotateX(-Math.PI / 2); // the shape's y to the back, the thickness up
    return geometry;
  });
  return pieces;
}

function addStyle() {
  const href = new URL("./board.css", import.meta.url).href;
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
}

export function mount(container, { play }) {
  if (!hasWebGL()) return null;
  addStyle();
  let renderer;
  try {
    renderer = new THREE.WebGLRenderer({ antialias: true });
  } catch {
    return null;
  }
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  const canvas = renderer.domElement;
  canvas.className = "villa-3d-canvas";
  canvas.setAttribute("role", "img");
  const hint = el("p", { class: "villa-3d-hint", "aria-live": "polite" });
  const buttons = el("div", { class: "villa-3d-buttons" });
  container.replaceChildren(canvas, el("div", { class: "villa-3d-bar" }, hint, buttons));

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xf3ecdc);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d7b62, 1.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(-300, 700, 500);
  scene.add(sun);
  const table = new THREE.Mesh(
    new THREE.CircleGeometry(900, 64).rotateX(-Math.PI / 2),
    new THREE.MeshStandardMaterial({ color: 0xd9c7a3, roughness: 0.9 }),
  );
  scene.add(table);

  const camera = new THREE.PerspectiveCamera(38, 1, 5, 6000);
  camera.position.set(0, 240, 400);
  const controls = new OrbitControls(camera, canvas);
  controls.target.set(0, 50, 0);
  controls.enableDamping = false;
  controls.minDistance = 160;
  controls.maxDistance = 1500;
  controls.maxPolarAngle = Math.PI * 0.48;
  controls.update();

  let villa = null; // the group of the drawn villa
  let data = null;
  let view = null;
  let mode = "watch"; // watch | pull | place | floor
  let pickable = new Map(); // mesh -> pull action
  let columnMeshes = new Map(); // column id -> mesh
  let spots = []; // [action, Vector3 (three coordinates), angle (deg)] of the ghost's choices
  let chosen = null; // the spot the ghost stands on
  let turns = []; // the floor turns that have legal spots, and the one shown
  let turnIndex = 0;
  let ghost = null;
  let fallen = -1; // the view version whose collapse was shown
  let framed = -1; // the number of floors the camera was last framed for
  let falling = null;
  let frame = 0;

  const raycaster = new THREE.Raycaster();
  const pointer = new THREE.Vector2();

  function requestRender() {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  function draw(now) {
    frame = 0;
    if (falling) stepFall(now);
    renderer.render(scene, camera);
    if (falling) requestRender();
  }

  function resize() {
    const width = container.clientWidth || 600;
    const height = Math.round(Math.max(280, Math.min(width * 0.82, window.innerHeight * 0.68)));
    renderer.setSize(width, height);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  }
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  controls.addEventListener("change", requestRender);

  const material = (color, extra = {}) => new THREE.MeshStandardMaterial({ color, roughness: 0.55, ...extra });

  function build() {
    if (villa) {
      scene.remove(villa);
      villa.traverse((node) => {
        if (node.geometry) node.geometry.dispose();
        for (const m of [].concat(node.material || [])) {
          if (m.map) m.map.dispose();
          m.dispose();
        }
      });
    }
    villa = new THREE.Group();
    pickable = new Map();
    columnMeshes = new Map();
    const parts = data.parts;
    const base = new THREE.Mesh(
      new THREE.CylinderGeometry(parts.base.radius, parts.base.radius, parts.base.thickness, 72),
      material(0x8d7b62),
    );
    base.position.y = parts.base.thickness / 2;
    villa.add(base);
    for (const floor of data.floors) {
      const shape = parts.floors[floor.index];
      const group = new THREE.Group();
      for (const geometry of floorGeometry(shape, parts.floor_thickness)) {
        group.add(new THREE.Mesh(geometry, material(shape.colour)));
      }
      group.position.copy(at(floor.x, floor.y, floor.z));
      group.rotation.y = (floor.angle * Math.PI) / 180;
      group.userData.token = `floor:${floor.index}`;
      villa.add(group);
    }
    const pulls = new Map(legal().filter((m) => m.clicks && m.clicks[0].startsWith("column:"))
      .map((m) => [Number(m.clicks[0].split(":")[1]), m.action]));
    for (const column of data.columns) {
      if (column.level === "hand") continue;
      const kind = parts.kinds[column.kind];
      const fill = parts.colours[column.colour];
      const side = material(0xffffff, { map: labelTexture(column.name, fill) });
      const top = material(fill);
      const mesh = new THREE.Mesh(columnGeometry(kind, parts.column_height), [side, top, top]);
      mesh.position.copy(at(column.x, column.y, column.z));
      mesh.userData.token = `column:${column.id}`;
      columnMeshes.set(column.id, mesh);
      villa.add(mesh);
      if (pulls.has(column.id) && mode === "pull") {
        for (const m of [side, top]) {
          m.emissive = new THREE.Color(HIGHLIGHT);
          m.emissiveIntensity = 0.12;
        }
        const ring = new THREE.Mesh(new THREE.TorusGeometry(kind.radius + 2.5, 1.6, 8, 36).rotateX(Math.PI / 2),
          material(HIGHLIGHT, { emissive: new THREE.Color(HIGHLIGHT), emissiveIntensity: 0.6 }));
        ring.position.copy(mesh.position).add(new THREE.Vector3(0, 2, 0));
        villa.add(ring);
        pickable.set(mesh, pulls.get(column.id));
      }
      if (column.frozen) { // a noticed column: a dark band, it may not be moved again
        const band = new THREE.Mesh(new THREE.CylinderGeometry(kind.radius + 0.6, kind.radius + 0.6, 6,
          kind.shape === "hexagon" ? 6 : 32, 1, true), material(0x3b3226));
        if (kind.shape === "hexagon") band.geometry.rotateY(Math.PI / 2);
        band.position.copy(mesh.position).add(new THREE.Vector3(0, parts.column_height * 0.75, 0));
        band.userData.token = `band:${column.id}`; // falls with the rest in a collapse
        villa.add(band);
      }
    }
    scene.add(villa);
    buildGhost();
  }

  function legal() {
    return view && view.your_turn ? view.legal : [];
  }

  function buildGhost() {
    ghost = null;
    spots = [];
    chosen = null;
    const actions = new Set(legal().map((m) => m.action));
    const parts = data.parts;
    if (mode === "place") {
      const column = data.columns.find((c) => c.id === data.pulled);
      const kind = parts.kinds[column.kind];
      spots = Object.entries(data.spots).filter(([a]) => actions.has(Number(a)))
        .map(([a, [x, y, z]]) => [Number(a), at(x, y, z), 0]);
      ghost = new THREE.Group();
      const body = new THREE.Mesh(columnGeometry(kind, parts.column_height),
        material(parts.colours[column.colour], { transparent: true, opacity: 0.72 }));
      const ring = new THREE.Mesh(new THREE.RingGeometry(kind.radius + 1, kind.radius + 4, 40).rotateX(-Math.PI / 2),
        new THREE.MeshBasicMaterial({ color: GHOST, side: THREE.DoubleSide }));
      ring.position.y = 0.6;
      ghost.add(body, ring);
    } else if (mode === "floor") {
      spots = Object.entries(data.floor_spots).filter(([a]) => actions.has(Number(a)))
        .map(([a, [x, y, angle]]) => [Number(a), at(x, y, pickHeight()), angle]);
      turns = [...new Set(spots.map((s) => s[2]))].sort((a, b) => a - b);
      turnIndex = Math.min(turnIndex, Math.max(0, turns.length - 1));
      ghost = new THREE.Group();
      const shape = parts.floors[data.floors.length];
      for (const geometry of floorGeometry(shape, parts.floor_thickness)) {
        ghost.add(new THREE.Mesh(geometry, material(shape.colour, { transparent: true, opacity: 0.6 })));
      }
    }
    if (ghost) {
      villa.add(ghost);
      const centre = floorCentre();
      choose(nearest(centre));
    }
  }

  function topHeight() {
    const parts = data.parts;
    return parts.base.thickness + data.floors.length * (parts.column_height + parts.floor_thickness);
  }

  // Where the ghost moves: the top floor's surface, or the height a new floor lies at.
  function pickHeight() {
    return topHeight() + (mode === "floor" ? data.parts.column_height : 0);
  }

  function floorCentre() {
    const top = data.floors[data.floors.length - 1];
    return top ? at(top.x, top.y, pickHeight()) : at(0, 0, pickHeight());
  }

  function candidates() {
    if (mode !== "floor") return spots;
    return spots.filter((s) => s[2] === turns[turnIndex]);
  }

  function nearest(point) {
    let best = null;
    let distance = Infinity;
    for (const spot of candidates()) {
      const d = (spot[1].x - point.x) ** 2 + (spot[1].z - point.z) ** 2;
      if (d < distance) { distance = d; best = spot; }
    }
    return best;
  }

  function choose(spot) {
    chosen = spot;
    if (!ghost) return;
    ghost.visible = spot !== null;
    if (spot) {
      ghost.position.copy(spot[1]);
      ghost.rotation.y = (spot[2] * Math.PI) / 180;
    }
    container.dataset.chosen = spot ? String(spot[0]) : "";
    requestRender();
  }

  function aim(event) {
    const rect = canvas.getBoundingClientRect();
    pointer.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    raycaster.setFromCamera(pointer, camera);
  }

  function onFloor(event) {
    aim(event);
    const plane = new THREE.Plane(new THREE.Vector3(0, 1, 0), -pickHeight());
    const hit = new THREE.Vector3();
    return raycaster.ray.intersectPlane(plane, hit) ? hit : null;
  }

  function columnAt(event) {
    aim(event);
    const hits = raycaster.intersectObjects([...columnMeshes.values()], false);
    return hits.length ? hits[0].object : null;
  }

  let down = null;
  canvas.addEventListener("pointerdown", (event) => { down = [event.clientX, event.clientY]; });
  canvas.addEventListener("pointermove", (event) => {
    if ((mode === "place" || mode === "floor") && event.pointerType === "mouse" && event.buttons === 0) {
      const point = onFloor(event);
      if (point) choose(nearest(point));
    }
  });
  canvas.addEventListener("pointerup", (event) => {
    if (!down || Math.hypot(event.clientX - down[0], event.clientY - down[1]) > TAP_PX) return;
    down = null;
    if (mode === "pull") {
      const mesh = columnAt(event);
      if (mesh && pickable.has(mesh)) play(pickable.get(mesh));
    } else if (mode === "place" || mode === "floor") {
      const point = onFloor(event);
      if (point) choose(nearest(point));
    }
  });

  // The keyboard: arrows move the ghost one grid point (10 mm) over the top floor, Enter confirms.
  canvas.tabIndex = 0;
  const ARROWS = { ArrowLeft: [-10, 0], ArrowRight: [10, 0], ArrowUp: [0, -10], ArrowDown: [0, 10] };
  canvas.addEventListener("keydown", (event) => {
    if ((mode !== "place" && mode !== "floor") || !chosen) return;
    if (event.key === "Enter") {
      event.preventDefault();
      play(chosen[0]);
    } else if (event.key in ARROWS) {
      event.preventDefault();
      const [dx, dz] = ARROWS[event.key];
      const goal = chosen[1].clone().add(new THREE.Vector3(dx, 0, dz));
      const others = candidates().filter((spot) => spot !== chosen);
      const ahead = others.filter((spot) => (spot[1].x - chosen[1].x) * dx + (spot[1].z - chosen[1].z) * dz > 0);
      let best = null;
      let distance = Infinity;
      for (const spot of ahead) {
        const d = spot[1].distanceToSquared(goal);
        if (d < distance) { distance = d; best = spot; }
      }
      if (best) choose(best);
    }
  });

  function button(text, onClick, extra = {}) {
    const node = el("button", { type: "button", class: "button", ...extra }, text);
    node.addEventListener("click", onClick);
    return node;
  }

  function renderBar() {
    const texts = data.texts;
    const words = legal().filter((m) => m.clicks && ["declare", "protest", "pass", "decline"].includes(m.clicks[0]));
    const nodes = [];
    if (mode === "place" || mode === "floor") {
      if (mode === "floor" && turns.length > 1) {
        const turn = (step) => () => {
          turnIndex = (turnIndex + step + turns.length) % turns.length;
          choose(nearest(chosen ? chosen[1] : floorCentre()));
        };
        nodes.push(button(texts.turn_left, turn(1)), button(texts.turn_right, turn(-1)));
      }
      nodes.push(button(texts.confirm, () => { if (chosen) play(chosen[0]); }, { "data-testid": "villa-confirm" }));
    }
    for (const m of words) nodes.push(button(texts[m.clicks[0]], () => play(m.action), { "data-word": m.clicks[0] }));
    buttons.replaceChildren(...nodes);
    hint.textContent = mode === "watch" ? "" : texts[mode === "pull" ? "pull" : mode];
    hint.hidden = mode === "watch";
  }

  // -- the collapse ------------------------------------------------------------------------
  function startFall() {
    const pieces = villa.children.filter((node) => node.userData.token);
    const start = performance.now();
    let seed = 7;
    const random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    const moving = pieces.map((node) => {
      const out = new THREE.Vector3(node.position.x, 0, node.position.z).normalize();
      if (!Number.isFinite(out.x)) out.set(random() - 0.5, 0, random() - 0.5).normalize();
      const speed = 120 + 260 * random();
      return {
        node,
        velocity: out.multiplyScalar(speed).add(new THREE.Vector3(0, 80 * random(), 0)),
        spin: new THREE.Vector3(random() * 4 - 2, 0, random() * 4 - 2),
      };
    });
    falling = { start, last: start, moving };
    if (reduceMotion) { // no animation: the pieces lie where they would have fallen
      for (let t = 0; t < FALL_SECONDS; t += 1 / 60) advance(1 / 60);
      falling = null;
    }
    requestRender();
  }

  function advance(dt) {
    for (const piece of falling.moving) {
      piece.velocity.y -= GRAVITY * dt;
      piece.node.position.addScaledVector(piece.velocity, dt);
      if (piece.node.position.y < 0) {
        piece.node.position.y = 0;
        piece.velocity.multiplyScalar(0.4);
        piece.velocity.y = 0;
      }
      const turn = Math.min(1, piece.node.position.y > 0 ? 1 : 0.3);
      piece.node.rotation.x += piece.spin.x * dt * turn;
      piece.node.rotation.z += piece.spin.z * dt * turn;
    }
  }

  function stepFall(now) {
    const dt = Math.min(0.05, (now - falling.last) / 1000);
    falling.last = now;
    advance(dt);
    if ((now - falling.start) / 1000 > FALL_SECONDS) falling = null;
  }

  // Look at the whole villa again when it grows a floor (the person's own turning is kept).
  function frameVilla() {
    framed = data.floors.length;
    const height = topHeight() + data.parts.column_height;
    const direction = camera.position.clone().sub(controls.target).normalize();
    controls.target.set(0, height * 0.45, 0);
    camera.position.copy(controls.target).addScaledVector(direction, 330 + height * 1.1);
    controls.update();
  }

  function modeOf(v) {
    if (!v.your_turn) return "watch";
    const actions = v.legal.map((m) => m.action);
    if (actions.some((a) => String(a) in data.spots)) return "place";
    if (actions.some((a) => String(a) in data.floor_spots)) return "floor";
    return "pull";
  }

  function update(v) {
    view = v;
    data = v.board.data;
    mode = modeOf(v);
    container.dataset.mode = mode;
    canvas.setAttribute("aria-label", data.texts.label);
    build();
    renderBar();
    if (framed !== data.floors.length) frameVilla();
    if (data.collapsed && fallen !== v.version) {
      fallen = v.version;
      startFall();
    }
    resize();
  }

  // For tests and tools: where a column or a spot is on the screen, and what a point hits.
  container.villa3d = {
    mode: () => mode,
    pullable: () => [...pickable.values()],
    spots: () => candidates().map((s) => s[0]),
    point(token) {
      const [what, id] = token.split(":");
      let position;
      if (what === "column") {
        const mesh = columnMeshes.get(Number(id));
        if (!mesh) return null;
        position = mesh.position.clone().add(new THREE.Vector3(0, data.parts.column_height / 2, 0));
      } else {
        const spot = spots.find((s) => s[0] === Number(id));
        if (!spot) return null;
        position = spot[1].clone();
      }
      position.project(camera);
      const rect = canvas.getBoundingClientRect();
      return { x: rect.left + ((position.x + 1) / 2) * rect.width, y: rect.top + ((1 - position.y) / 2) * rect.height };
    },
    tokenAt(x, y) {
      const mesh = columnAt({ clientX: x, clientY: y });
      return mesh ? mesh.userData.token : null;
    },
  };

  return {
    name: () => (data ? data.texts.three_d : "3D"),
    flatName: () => (data ? data.texts.flat : "2D"),
    update,
    destroy() {
      observer.disconnect();
      controls.dispose();
      renderer.dispose();
      container.replaceChildren();
    },
  };
}
