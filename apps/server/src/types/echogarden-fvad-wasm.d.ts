// The parts of @echogarden/fvad-wasm (libfvad, the WebRTC voice activity detector, built by Emscripten) that the
// recording analysis uses; the package ships no types.
declare module '@echogarden/fvad-wasm' {
  export type TFvadModule = {
    /** A new detector (a pointer into the module's memory), 0 when out of memory. */
    _fvad_new(): number;
    _fvad_free(inst: number): void;
    _fvad_reset(inst: number): void;
    /** 0 (quality) to 3 (very aggressive); 0 on success, -1 for an invalid mode. */
    _fvad_set_mode(inst: number, mode: number): number;
    /** 8000, 16000, 32000 or 48000; 0 on success, -1 otherwise. */
    _fvad_set_sample_rate(inst: number, rate: number): number;
    /** One frame of 10, 20 or 30 ms of 16-bit samples at `frame`: 1 speech, 0 not, -1 for an invalid length. */
    _fvad_process(inst: number, frame: number, length: number): number;
    _malloc(bytes: number): number;
    _free(ptr: number): void;
    /** The module's memory as 16-bit values (replaced when the memory grows: read it after each allocation). */
    HEAP16: Int16Array;
  };
  /** Loads and instantiates the WebAssembly module (fvad.wasm beside fvad.js). */
  export default function fvad(options?: Record<string, unknown>): Promise<TFvadModule>;
}
