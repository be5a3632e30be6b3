/**
 * The 'Edit profile photo' dialog (product.md "Screens and routes", "States", "Validation", "Error messages" and "Limits"; decision 012): pick or
 * drop one image (refused with a toast when the browser cannot decode it, whatever its name), crop
 * it (a circle for the profile photo, a wide rectangle for the cover), save: the crop becomes a
 * jpeg that is uploaded (3 tries) and handed back as a storage key, which the caller stores.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { ImagePlus, X } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import Cropper from "react-easy-crop";
import { toast } from "~/components/ui/toast";
import { useNonce } from "~/components/nonce";
import { uploadErrorMessage, uploadFile, type UploadedFile } from "~/components/uploads/upload-client";
import { cropToJpeg, nudgeCrop, OUTPUT_MAX, type Area, type Point, type Size } from "./crop";
import {
  canDecodeImage,
  describeRejection,
  PHOTO_ACCEPT,
  PHOTO_HINT,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_SIZE_TEXT,
  PHOTO_TYPES_TEXT,
  PHOTO_UPLOAD_ATTEMPTS,
  UNDECODABLE_ERROR,
} from "./photo-files";
import { ProgressRing } from "./progress-ring";
import { Button, buttonClass } from "~/components/ui/button";
import { IconTip } from "~/components/ui/icon-tip";

export type PhotoKind = "avatar" | "cover";

export const PHOTO_KINDS = {
  avatar: {
    title: "Edit profile photo",
    aspect: 1,
    shape: "round",
    max: OUTPUT_MAX.avatar,
    filename: "profile-photo.jpg",
  },
  cover: { title: "Edit cover photo", aspect: 3, shape: "rect", max: OUTPUT_MAX.cover, filename: "cover-photo.jpg" },
} as const satisfies Record<
  PhotoKind,
  { title: string; aspect: number; shape: "round" | "rect"; max: Size; filename: string }
>;

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

// The footer's pair, a little slimmer than the large size.
const footerButtonSize = "px-5 py-2 text-sm";

export function PhotoEditorDialog({
  kind,
  open,
  onOpenChange,
  onSaved,
}: {
  kind: PhotoKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (file: UploadedFile) => void;
}) {
  const config = PHOTO_KINDS[kind];
  const nonce = useNonce();
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const sizes = useRef<{ media: Size | null; crop: Size | null }>({ media: null, crop: null });
  const upload = useRef<AbortController | null>(null);
  // Counts the files chosen: a slow decode of an earlier one (or one chosen before closing) is dropped.
  const chosen = useRef(0);

  // Closing (Cancel, Escape, the X) stops an upload under way and forgets the photo.
  useEffect(() => {
    if (open) return;
    chosen.current += 1;
    upload.current?.abort();
    upload.current = null;
    setSource(null);
    setProgress(null);
  }, [open]);

  useEffect(() => () => upload.current?.abort(), []);

  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source.url);
  }, [source]);

  // product.md "Validation": a refused file shows a toast with its name and the reasons.
  const onDropRejected = useCallback((rejections: Pick<FileRejection, "file" | "errors">[]) => {
    for (const rejection of rejections) {
      const { title, description } = describeRejection(rejection);
      toast.error(title, { description });
    }
  }, []);

  const onDropAccepted = useCallback(
    async (files: File[]) => {
      const file = files[0];
      if (!file) return;
      const turn = ++chosen.current;
      const readable = await canDecodeImage(file);
      if (turn !== chosen.current) return;
      if (!readable) {
        onDropRejected([{ file, errors: [UNDECODABLE_ERROR] }]);
        return;
      }
      setSource({ url: URL.createObjectURL(file), name: file.name });
      setCrop({ x: 0, y: 0 });
      setZoom(MIN_ZOOM);
      setArea(null);
    },
    [onDropRejected],
  );

  const uploading = progress !== null;
  const dropzone = useDropzone({
    accept: PHOTO_ACCEPT,
    maxFiles: PHOTO_MAX_FILES,
    multiple: false,
    maxSize: PHOTO_MAX_BYTES,
    disabled: uploading,
    onDropAccepted,
    onDropRejected,
  });

  function onCropKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = nudgeCrop(crop, event, { ...sizes.current, zoom });
    if (!next) return;
    event.preventDefault();
    setCrop(next);
  }

  async function save() {
    if (!source || !area || uploading) return;
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    let blob: Blob;
    try {
      blob = await cropToJpeg(source.url, area, config.max);
    } catch (error) {
      setProgress(null);
      toast.error(error instanceof Error ? error.message : String(error));
      return;
    }
    try {
      const file = new File([blob], config.filename, { type: "image/jpeg" });
      const uploaded = await uploadFile(file, {
        attempts: PHOTO_UPLOAD_ATTEMPTS,
        signal: controller.signal,
        onProgress: setProgress,
      });
      if (controller.signal.aborted) return;
      onSaved(uploaded);
      onOpenChange(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      setProgress(null);
      toast.error(uploadErrorMessage(error));
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  }

  const hintId = `${kind}-photo-hint`;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          aria-describedby={hintId}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-modal -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{config.title}</Dialog.Title>
            <Dialog.Close
              className="relative rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
              <IconTip label="Close" />
            </Dialog.Close>
          </div>

          <div className="space-y-4 p-5">
            <input
              {...dropzone.getInputProps()}
              aria-label={`Choose a photo (${PHOTO_TYPES_TEXT}, ${PHOTO_SIZE_TEXT})`}
            />
            {source ? (
              <>
                <div className="relative h-72 overflow-hidden rounded-xl bg-slate-900 sm:h-80">
                  <Cropper
                    image={source.url}
                    crop={crop}
                    zoom={zoom}
                    minZoom={MIN_ZOOM}
                    maxZoom={MAX_ZOOM}
                    aspect={config.aspect}
                    cropShape={config.shape}
                    showGrid={false}
                    nonce={nonce}
                    onCropChange={setCrop}
                    onZoomChange={setZoom}
                    onCropComplete={(_percent, pixels) => setArea(pixels)}
                    setMediaSize={(size) => {
                      sizes.current.media = size;
                    }}
                    setCropSize={(size) => {
                      sizes.current.crop = size;
                    }}
                    mediaProps={{ alt: `Photo to crop: ${source.name}` }}
                    cropperProps={{
                      onKeyDown: onCropKeyDown,
                      role: "group",
                      "aria-label": "Crop area",
                      "aria-describedby": `${kind}-crop-keys`,
                    }}
                  />
                  {uploading && progress < 100 ? (
                    <div className="absolute inset-0 flex items-center justify-center bg-ink/50">
                      <ProgressRing percent={progress} />
                    </div>
                  ) : null}
                </div>
                <p id={`${kind}-crop-keys`} className="text-xs text-slate-500">
                  Drag the photo to move it. With the crop area focused, arrow keys move it 1 px, Shift + arrow 10 px,
                  Alt or Ctrl + arrow 100 px.
                </p>
                <div className="flex flex-wrap items-center gap-4">
                  <label htmlFor={`${kind}-zoom`} className="text-sm font-medium text-slate-800">
                    Zoom
                  </label>
                  <input
                    id={`${kind}-zoom`}
                    type="range"
                    min={MIN_ZOOM}
                    max={MAX_ZOOM}
                    step={0.01}
                    value={zoom}
                    disabled={uploading}
                    onChange={(event) => setZoom(Number(event.target.value))}
                    className="h-2 min-w-40 flex-1 accent-brand-600"
                  />
                  <button
                    type="button"
                    onClick={dropzone.open}
                    disabled={uploading}
                    className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60"
                  >
                    Choose another photo
                  </button>
                </div>
              </>
            ) : (
              <div
                {...dropzone.getRootProps({
                  "aria-label": `Upload a photo: drop it here or press Enter to choose one. ${PHOTO_TYPES_TEXT}, ${PHOTO_SIZE_TEXT}.`,
                })}
                className={`flex h-64 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 text-center outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600 ${
                  dropzone.isDragActive
                    ? "border-brand-600 bg-brand-50"
                    : "border-slate-300 bg-slate-50 hover:bg-slate-100"
                }`}
              >
                <ImagePlus className="size-8 text-slate-500" aria-hidden="true" />
                <p className="text-sm font-semibold text-slate-900">
                  {dropzone.isDragActive ? "Drop the photo here" : "Drag a photo here or click to choose one"}
                </p>
                <p className="text-xs text-slate-500">
                  {PHOTO_TYPES_TEXT}, {PHOTO_SIZE_TEXT}
                </p>
              </div>
            )}
            <p id={hintId} className="text-xs text-slate-500">
              {PHOTO_HINT}
            </p>
          </div>

          <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-4">
            <Dialog.Close className={buttonClass({ variant: "secondary", size: "custom" }, footerButtonSize)}>
              Cancel
            </Dialog.Close>
            <Button
              variant="ink"
              size="custom"
              className={footerButtonSize}
              onClick={save}
              disabled={!source || !area || uploading}
            >
              {uploading ? "Saving…" : "Save"}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
