// A camera delivers a new frame well within this; the same pixels for longer are a
// perfectly still scene rather than a frame that has not arrived yet.
const STALE_MS = 300;
const OFF = new Set(["insecure", "denied", "no_camera", "error"]);
const cameras = new WeakMap();

function statusOfError(error) {
  const name = error && error.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "no_camera";
  return "error";
}

function scaledSize(width, height, side) {
  const scale = Math.min(1, side / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

function meanOf3x3(pixels, width, height) {
  const rows = new Float32Array(pixels.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = pixels[row + Math.max(x - 1, 0)];
      const right = pixels[row + Math.min(x + 1, width - 1)];
      rows[row + x] = (left + pixels[row + x] + right) / 3;
    }
  }
  const out = new Float32Array(pixels.length);
  for (let y = 0; y < height; y++) {
    const above = Math.max(y - 1, 0) * width;
    const below = Math.min(y + 1, height - 1) * width;
    for (let x = 0; x < width; x++) {
      out[y * width + x] = (rows[above + x] + rows[y * width + x] + rows[below + x]) / 3;
    }
  }
  return out;
}

function greyFrame(video, canvas, side) {
  const [width, height] = scaledSize(video.videoWidth, video.videoHeight, side);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(video, 0, 0, width, height);
  const rgba = context.getImageData(0, 0, width, height).data;
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++) {
    grey[i] = 0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2];
  }
  return { width, height, pixels: meanOf3x3(grey, width, height) };
}

function sameSize(a, b) {
  return a.width === b.width && a.height === b.height;
}

function identical(a, b) {
  if (!sameSize(a, b)) return false;
  for (let i = 0; i < a.pixels.length; i++) if (a.pixels[i] !== b.pixels[i]) return false;
  return true;
}

function meanOf(pixels) {
  let sum = 0;
  for (let i = 0; i < pixels.length; i++) sum += pixels[i];
  return sum / pixels.length;
}

// The mean of |a - b - shift| less the floor, over the cell of side `cell` (stepping by
// half a cell) where it is largest.
function localDifference(a, b, floor, cell, shift) {
  if (!sameSize(a, b)) return Infinity;
  const { width, height } = a;
  const block = Math.max(1, Math.floor(cell / 2));
  const across = Math.ceil(width / block);
  const down = Math.ceil(height / block);
  const sums = new Float32Array(across * down);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / block) * across;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const excess = Math.abs(a.pixels[i] - b.pixels[i] - shift) - floor;
      if (excess > 0) sums[row + Math.floor(x / block)] += excess;
    }
  }
  let largest = 0;
  for (let by = 0; by < Math.max(1, down - 1); by++) {
    for (let bx = 0; bx < Math.max(1, across - 1); bx++) {
      let sum = 0;
      for (let y = by; y < Math.min(by + 2, down); y++) {
        for (let x = bx; x < Math.min(bx + 2, across); x++) sum += sums[y * across + x];
      }
      largest = Math.max(largest, sum);
    }
  }
  return largest / (4 * block * block);
}

class LiveCamera {
  constructor(root) {
    this.root = root;
    this.video = root.querySelector("video");
    this.video.muted = true;
    this.label = root.querySelector(".live-camera-label");
    this.motionCanvas = document.createElement("canvas");
    this.signatureCanvas = document.createElement("canvas");
    this.captureCanvas = document.createElement("canvas");
    this.status = null;
    this.stream = null;
    this.timer = null;
    this.stopped = false;
    this.previous = null;
    this.reference = null;
    this.restStart = 0;
    this.lastFresh = 0;
    this.lastSignature = null;
    this.frameId = 0;
    this.rests = 0;
    this.skipped = 0;
  }

  configure(data, setStateValue, setTriggerValue) {
    this.tuning = data.tuning;
    this.labels = data.labels;
    this.setStateValue = setStateValue;
    this.setTriggerValue = setTriggerValue;
    if (this.status) this.label.textContent = this.labels[this.status];
  }

  report(status) {
    if (status === this.status) return;
    this.status = status;
    this.root.dataset.status = status;
    this.root.classList.toggle("live-camera-off", OFF.has(status));
    this.label.textContent = this.labels[status];
    this.setStateValue("status", status);
  }

  async start() {
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      this.report("insecure");
      return;
    }
    this.report("starting");
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 } },
      });
    } catch (error) {
      if (!this.stopped) this.report(statusOfError(error));
      return;
    }
    if (this.stopped) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    this.stream = stream;
    stream.getVideoTracks().forEach((track) => {
      track.addEventListener("ended", () => {
        this.stop();
        this.report("error");
      });
    });
    this.video.srcObject = stream;
    try {
      await this.video.play();
    } catch (error) {
      if (!this.stopped) this.report(statusOfError(error));
      return;
    }
    this.schedule();
  }

  schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.sample();
      this.schedule();
    }, this.tuning.sample_ms);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.stream) this.stream.getTracks().forEach((track) => track.stop());
    this.video.srcObject = null;
  }

  motion(a, b) {
    return localDifference(a, b, this.tuning.noise_floor, this.tuning.cell_side, 0);
  }

  sceneChanged(a, b) {
    const tuning = this.tuning;
    const shift = sameSize(a, b) ? meanOf(a.pixels) - meanOf(b.pixels) : 0;
    const difference = localDifference(a, b, tuning.noise_floor, tuning.cell_side, shift);
    return difference > tuning.scene_above;
  }

  beginRest(frame, now) {
    this.reference = frame;
    this.restStart = now;
    this.root.dataset.rest = now.toFixed(1);
  }

  sample() {
    const video = this.video;
    if (video.readyState < 2 || !video.videoWidth) return;
    const tuning = this.tuning;
    const now = performance.now();
    const frame = greyFrame(video, this.motionCanvas, tuning.motion_side);
    if (!this.previous) {
      this.previous = frame;
      this.lastFresh = now;
      this.beginRest(frame, now);
      this.report("settling");
      return;
    }
    if (!identical(frame, this.previous)) {
      this.lastFresh = now;
    } else if (now - this.lastFresh < STALE_MS) {
      // No new camera frame since the last sample: only the rest timer moves on.
      if (this.status === "settling") this.settle(now);
      return;
    }
    const motion = this.motion(frame, this.previous);
    const change = Math.max(motion, this.motion(frame, this.reference));
    this.previous = frame;
    this.root.dataset.motion = motion.toFixed(3);
    if (this.status === "moving") {
      if (motion < tuning.still_below) {
        this.beginRest(frame, now);
        this.report("settling");
      }
    } else if (this.status === "settling") {
      if (change > tuning.moving_above) this.report("moving");
      else if (change >= tuning.still_below) this.beginRest(frame, now);
      else this.settle(now);
    } else if (this.status === "watching" && change > tuning.moving_above) {
      this.report("moving");
    }
  }

  settle(now) {
    if (now - this.restStart >= this.tuning.settle_ms) this.capture();
  }

  capture() {
    const video = this.video;
    const tuning = this.tuning;
    this.rests += 1;
    this.root.dataset.rests = String(this.rests);
    const signature = greyFrame(video, this.signatureCanvas, tuning.signature_side);
    const last = this.lastSignature;
    if (last && !this.sceneChanged(signature, last)) {
      this.skipped += 1;
      this.root.dataset.skipped = String(this.skipped);
      this.report("watching");
      return;
    }
    const canvas = this.captureCanvas;
    [canvas.width, canvas.height] = scaledSize(
      video.videoWidth, video.videoHeight, tuning.max_side
    );
    canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL("image/jpeg", tuning.jpeg_quality);
    this.lastSignature = signature;
    this.frameId += 1;
    this.root.dataset.sent = this.restStart.toFixed(1);
    this.root.dataset.frames = String(this.frameId);
    this.report("watching");
    this.setTriggerValue("frame", {
      jpeg: url.slice(url.indexOf(",") + 1),
      id: this.frameId,
      rest_ms: this.restStart,
    });
  }
}

export default function (component) {
  const { parentElement, data, setStateValue, setTriggerValue } = component;
  let camera = cameras.get(parentElement);
  if (camera && !camera.root.isConnected) {
    camera.stop();
    camera = undefined;
  }
  if (!camera) {
    camera = new LiveCamera(parentElement.querySelector(".live-camera"));
    cameras.set(parentElement, camera);
    camera.configure(data, setStateValue, setTriggerValue);
    camera.start();
  } else {
    camera.configure(data, setStateValue, setTriggerValue);
  }
  return () => {
    camera.stop();
    cameras.delete(parentElement);
  };
}
