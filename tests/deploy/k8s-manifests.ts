// The Kubernetes manifests of k8s/, parsed once for the deploy suites (k8s.test.ts, k8s-hardening.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import * as certManagerV1 from '@kubernetes-models/cert-manager/cert-manager.io/v1';
import * as kedaV1alpha1 from '@kubernetes-models/keda/keda.sh/v1alpha1';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as coreV1 from 'kubernetes-models/v1';
import { parseAllDocuments, parse } from 'yaml';
import { repoRoot } from '../contract/kong-config.loader.js';

// Parsed YAML, checked field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Parsed = any;
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, Parsed>;
};
export type Container = Record<string, Parsed>;
export type Kustomization = Record<string, Parsed>;

export const baseDir = path.join(repoRoot, 'k8s/base');
export const overlayDir = path.join(repoRoot, 'k8s/overlays/production');

export const readYaml = (file: string) => parse(fs.readFileSync(file, 'utf8'));
export const manifestFiles = fs
  .readdirSync(baseDir)
  .filter((file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml' && file !== 'kong.yml')
  .sort();

export const objects: Array<{ file: string; object: K8sObject }> = manifestFiles.flatMap((file) =>
  parseAllDocuments(fs.readFileSync(path.join(baseDir, file), 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null)
    .map((object) => ({ file, object })),
);

export const ofKind = (kind: string) => objects.map((o) => o.object).filter((o) => o.kind === kind);
export const workloads = objects
  .map((o) => o.object)
  .filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
export const deployments = ofKind('Deployment');
export const services = ofKind('Service');

// The API groups the manifests use; a manifest of another group fails loudly until it is added here.
const modelGroups: Record<string, Record<string, unknown>> = {
  'apps/v1': appsV1,
  'autoscaling/v2': autoscalingV2,
  'policy/v1': policyV1,
  'keda.sh/v1alpha1': kedaV1alpha1,
  'batch/v1': batchV1,
  'networking.k8s.io/v1': networkingV1,
  'cert-manager.io/v1': certManagerV1,
  v1: coreV1,
};

/** The kubernetes-models class for an apiVersion/kind: `apps/v1` + `Deployment` → appsV1.Deployment. */
export function modelFor(apiVersion: string, kind: string): new (data: unknown) => { validate(): void } {
  const Model = modelGroups[apiVersion]?.[kind];
  if (typeof Model !== 'function') throw new Error(`no kubernetes-models class for ${apiVersion} ${kind}`);
  return Model as new (data: unknown) => { validate(): void };
}

export const containersOf = (workload: K8sObject): Container[] => [
  ...(workload.spec?.template?.spec?.initContainers ?? []),
  ...(workload.spec?.template?.spec?.containers ?? []),
];
