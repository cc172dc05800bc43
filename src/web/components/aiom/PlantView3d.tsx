// A three.js canvas of the plant scene (plant-scene.ts) with orbit controls; renders on demand (a
// change of the scene, an orbit, a resize) and frames the scene from the south-east.
import { useEffect, useRef } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { disposeObject } from '../../editor/render/view-3d-objects.ts';
import { buildPlantScene, type PlantSceneInput } from './plant-scene.ts';

export function PlantView3d({ input, height = 560 }: { input: PlantSceneInput; height?: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stage = useRef<{ renderer: THREE.WebGLRenderer; scene: THREE.Scene; camera: THREE.PerspectiveCamera; controls: OrbitControls; content: THREE.Group | null; render: () => void } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
    } catch {
      return; // no WebGL: the page's legend and list still show the states
    }
    renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(0xeef2f7);
    scene.add(new THREE.HemisphereLight(0xffffff, 0x8a94a6, 1.9));
    const sun = new THREE.DirectionalLight(0xffffff, 1.4);
    sun.position.set(-30, -60, 80);
    scene.add(sun);
    const grid = new THREE.GridHelper(200, 100, 0xb6c0cf, 0xd9dfe8);
    grid.rotation.x = Math.PI / 2;
    scene.add(grid);
    const camera = new THREE.PerspectiveCamera(40, 1, 0.1, 20000);
    camera.up.set(0, 0, 1);
    const controls = new OrbitControls(camera, canvas);
    controls.maxPolarAngle = Math.PI / 2 - 0.02;
    let frame = 0;
    const render = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        renderer.render(scene, camera);
      });
    };
    controls.addEventListener('change', render);
    const resize = () => {
      const w = canvas.clientWidth;
      const h = canvas.clientHeight;
      if (w <= 0 || h <= 0) return;
      renderer.setSize(w, h, false);
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
      render();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    stage.current = { renderer, scene, camera, controls, content: null, render };
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      controls.removeEventListener('change', render);
      controls.dispose();
      if (stage.current?.content) disposeObject(stage.current.content);
      renderer.dispose();
      stage.current = null;
    };
  }, []);

  useEffect(() => {
    const s = stage.current;
    if (!s) return;
    if (s.content) {
      s.scene.remove(s.content);
      disposeObject(s.content);
    }
    s.content = buildPlantScene(input);
    s.scene.add(s.content);
    const box = new THREE.Box3().expandByObject(s.content);
    const centre = box.isEmpty() ? new THREE.Vector3(0, 0, 2) : box.getCenter(new THREE.Vector3());
    const radius = box.isEmpty() ? 15 : Math.max(5, box.getSize(new THREE.Vector3()).length() / 2);
    s.controls.target.copy(centre);
    s.camera.position.copy(centre).addScaledVector(new THREE.Vector3(0.5, -0.7, 0.55).normalize(), radius * 2.4);
    s.camera.far = Math.max(2000, radius * 10);
    s.camera.updateProjectionMatrix();
    s.controls.update();
    s.render();
  }, [input]);

  return <canvas ref={canvasRef} style={{ width: '100%', height, display: 'block', borderRadius: 6 }} data-testid="plant-3d" />;
}
