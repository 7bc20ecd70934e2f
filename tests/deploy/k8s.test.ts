// k8s/ validated offline (kubernetes-models 4) and held against gateway/kong.yml:
// schema-valid objects, probes, resources, non-root containers, a complete kustomization, and a Service
// with the right port for every Kong upstream.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appKindOf, clusterUpstreams, imageTargets, kongConfigPath } from '../contract/kong-config.loader.js';
import {
  baseDir,
  containersOf,
  deployments,
  manifestFiles,
  modelFor,
  objects,
  ofKind,
  overlayDir,
  readYaml,
  services,
  workloads,
  type Container,
  type K8sObject,
  type Parsed,
  type Kustomization,
} from './k8s-manifests.js';

/** A probe or port may name a container port; resolve it to the number. */
function portNumber(container: Container, port: number | string): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p: { name?: string }) => p.name === port)?.containerPort;
}

describe('k8s/base manifests', () => {
  it('holds manifests', () => {
    expect(objects.length).toBeGreaterThan(0);
  });

  it.each(objects.map(({ file, object }) => [`${file}: ${object.kind}/${object.metadata?.name}`, object]))(
    '%s is valid against the Kubernetes schema',
    (_label, object) => {
      const Model = modelFor(object.apiVersion, object.kind);
      expect(() => new Model(object).validate()).not.toThrow();
    },
  );

  it('the validator rejects a malformed object (so the check above can fail)', () => {
    const Model = modelFor('apps/v1', 'Deployment');
    const broken = { ...deployments[0], spec: { ...deployments[0].spec, replicas: 'two' } };
    expect(() => new Model(broken).validate()).toThrow();
  });

  it.each(deployments.map((d) => [d.metadata.name, d]))(
    'Deployment %s has liveness and readiness probes, resource requests and limits',
    (_name, deployment) => {
      for (const container of containersOf(deployment)) {
        expect(container.livenessProbe, `${container.name} livenessProbe`).toBeDefined();
        expect(container.readinessProbe, `${container.name} readinessProbe`).toBeDefined();
        for (const bound of ['requests', 'limits']) {
          expect(container.resources?.[bound]?.cpu, `${container.name} ${bound}.cpu`).toBeDefined();
          expect(container.resources?.[bound]?.memory, `${container.name} ${bound}.memory`).toBeDefined();
        }
      }
    },
  );

  it.each(workloads.map((w) => [`${w.kind}/${w.metadata.name}`, w]))(
    '%s runs every container as a non-root user without privilege escalation',
    (_name, workload) => {
      const podContext = workload.spec?.template?.spec?.securityContext ?? {};
      for (const container of containersOf(workload)) {
        const context = { ...podContext, ...(container.securityContext ?? {}) };
        expect(context.runAsNonRoot, `${container.name} runAsNonRoot`).toBe(true);
        // a numeric non-zero uid: runAsNonRoot cannot verify a named USER (node, nginx) in the image
        expect(context.runAsUser, `${container.name} runAsUser`).toBeGreaterThan(0);
        expect(context.allowPrivilegeEscalation, `${container.name} allowPrivilegeEscalation`).toBe(false);
      }
    },
  );

  it.each(clusterUpstreams().map((u) => [u.host, u]))(
    'Kong upstream %s has a Service on its port that reaches a Deployment',
    (_host, upstream) => {
      const service = services.find((s) => s.metadata.name === upstream.host);
      expect(service, `no Service named ${upstream.host}`).toBeDefined();
      const servicePort = service!.spec!.ports.find((p: { port: number }) => p.port === upstream.port);
      expect(servicePort, `Service ${upstream.host} does not expose ${upstream.port}`).toBeDefined();

      const selector: Record<string, string> = service!.spec!.selector;
      const target = deployments.find((d) =>
        Object.entries(selector).every(([key, value]) => d.spec?.template?.metadata?.labels?.[key] === value),
      );
      expect(target, `no Deployment matches Service ${upstream.host}'s selector`).toBeDefined();
      const container = containersOf(target!)[0];
      expect(portNumber(container, servicePort.targetPort ?? servicePort.port)).toBe(upstream.port);
    },
  );

  it.each(
    deployments
      .filter((d) => appKindOf(d.metadata.name))
      .map((d) => [d.metadata.name, appKindOf(d.metadata.name)!, d] as const),
  )('app %s (%s) probes the health endpoints of its kind', (_name, kind, deployment) => {
    const container = containersOf(deployment)[0];
    if (kind === 'services') {
      expect(container.livenessProbe.httpGet.path).toBe('/health');
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
    } else {
      expect(container.livenessProbe.httpGet.path).toBe('/');
      expect(container.readinessProbe.httpGet.path).toBe('/');
    }
  });

  it.each(
    Object.keys(imageTargets).map(
      (name) => [name, deployments.find((d) => d.metadata.name === name)] as const,
    ),
  )(
    "%s (a Node process of another app's image) probes /health and /health/ready, on a read-only root",
    (name, deployment) => {
      expect(deployment, `no Deployment ${name}`).toBeDefined();
      const container = containersOf(deployment!)[0];
      expect(container.image).toBe(`paycadence/${name}`);
      expect(container.livenessProbe.httpGet.path).toBe('/health');
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      // it writes nothing: its bundle is read only, the copies it reads over HTTP stay in memory
      expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
    },
  );

  it('gives finance and its worker the same VAPID key pair from the Secret (one hands out the public key, the other signs)', () => {
    const keyRefs = (name: string) => {
      const deployment = deployments.find((d) => d.metadata.name === name)!;
      const env: Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }> = containersOf(deployment)[0].env ?? [];
      return Object.fromEntries(env.filter((e) => e.name.startsWith('VAPID_')).map((e) => [e.name, e.valueFrom?.secretKeyRef]));
    };
    const expected = {
      VAPID_PUBLIC_KEY: { name: 'paycadence-secrets', key: 'vapid-public-key' },
      VAPID_PRIVATE_KEY: { name: 'paycadence-secrets', key: 'vapid-private-key' },
    };
    expect(keyRefs('finance')).toEqual(expected);
    expect(keyRefs('finance-worker')).toEqual(expected);
  });

  it("public-site-pages asks the blog's and the shell's Services, at the addresses Kong uses for them", () => {
    const deployment = deployments.find((d) => d.metadata.name === 'public-site-pages')!;
    const env = Object.fromEntries(
      (containersOf(deployment)[0].env ?? []).map((e: { name: string; value?: string }) => [e.name, e.value]),
    );
    for (const [name, host] of [
      ['BLOG_URL', 'blog'],
      ['SHELL_URL', 'shell'],
    ]) {
      const upstream = clusterUpstreams().find((u) => u.host === host)!;
      expect(env[name], name).toBeDefined();
      expect(new URL(env[name]).origin, name).toBe(`http://${upstream.host}:${upstream.port}`);
      // a Service of that name and port
      const service = services.find((s) => s.metadata.name === host);
      expect(
        service?.spec?.ports.some((p: { port: number }) => p.port === upstream.port),
        `Service ${host}:${upstream.port}`,
      ).toBe(true);
    }
  });

  it('keeps credentials in Secret references, never in plain values', () => {
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        const fromSecret = new Set<string>();
        for (const env of container.env ?? []) {
          if (env.valueFrom?.secretKeyRef) fromSecret.add(env.name);
          if (
            /DATABASE_URL|REDIS_URL|PASSWORD|SECRET|TOKEN|KEY/.test(env.name) &&
            !env.valueFrom?.secretKeyRef
          ) {
            // a file path is fine when it lies in a volume mounted from a Secret (Kong's TLS key)
            const secretVolumes = new Set(
              (workload.spec?.template?.spec?.volumes ?? [])
                .filter((v: { secret?: unknown }) => v.secret)
                .map((v: { name: string }) => v.name),
            );
            const inSecretVolume = (container.volumeMounts ?? []).some(
              (m: { name: string; mountPath: string }) =>
                secretVolumes.has(m.name) && String(env.value).startsWith(`${m.mountPath}/`),
            );
            if (inSecretVolume) continue;
            // a connection URL may be a plain value only when its password is a $(VAR) that Kubernetes splices
            // in from a variable defined earlier from a Secret
            const url = new URL(env.value ?? 'missing:');
            const reference = /^\$\(([A-Z_]+)\)$/.exec(decodeURIComponent(url.password));
            expect(reference, `${container.name} ${env.name}: a password from a Secret`).not.toBeNull();
            expect(
              fromSecret.has(reference![1]),
              `${container.name} ${env.name}: ${reference![1]} comes from a Secret`,
            ).toBe(true);
          }
        }
      }
    }
    expect(ofKind('Secret')).toEqual([]);
  });

  it('runs PostgreSQL as a StatefulSet with a persistent volume claim, and Redis as a Deployment', () => {
    const postgres = ofKind('StatefulSet').find((s) => s.metadata.name === 'postgres');
    expect(postgres?.spec?.volumeClaimTemplates?.length).toBeGreaterThan(0);
    expect(deployments.map((d) => d.metadata.name)).toContain('redis');
  });
});

describe('k8s/base/kustomization.yaml', () => {
  const kustomization: Kustomization = readYaml(path.join(baseDir, 'kustomization.yaml'));
  const generatedFiles: string[] = (kustomization.configMapGenerator ?? []).flatMap(
    (generator: { files?: string[] }) => generator.files ?? [],
  );

  it('lists every manifest file as a resource, and only existing ones', () => {
    expect([...kustomization.resources].sort()).toEqual(manifestFiles);
  });

  it('builds the kong-config ConfigMap from kong.yml, which the Kong Deployment mounts', () => {
    const generator = kustomization.configMapGenerator.find(
      (g: { name: string }) => g.name === 'kong-config',
    );
    expect(generator?.files).toContain('kong.yml');
    const kong = deployments.find((d) => d.metadata.name === 'kong')!;
    const volume = kong.spec!.template.spec.volumes.find(
      (v: { configMap?: { name: string } }) => v.configMap?.name === 'kong-config',
    );
    expect(volume).toBeDefined();
    const env = Object.fromEntries(
      containersOf(kong)[0].env.map((e: { name: string; value: string }) => [e.name, e.value]),
    );
    expect(env.KONG_DATABASE).toBe('off');
    const mount = containersOf(kong)[0].volumeMounts.find((m: { name: string }) => m.name === volume.name);
    expect(env.KONG_DECLARATIVE_CONFIG).toBe(path.posix.join(mount.mountPath, 'kong.yml'));
  });

  it('lists only files that exist', () => {
    for (const file of generatedFiles) expect(fs.existsSync(path.join(baseDir, file)), file).toBe(true);
  });

  // kustomize refuses files outside the kustomization root, so the routes are a copy: keep it exact.
  it('carries a byte-identical copy of gateway/kong.yml (after editing it: cp gateway/kong.yml k8s/base/kong.yml)', () => {
    expect(fs.readFileSync(path.join(baseDir, 'kong.yml'))).toEqual(fs.readFileSync(kongConfigPath));
  });
});

describe('k8s/overlays/production', () => {
  const overlay: Kustomization = readYaml(path.join(overlayDir, 'kustomization.yaml'));
  const baseImages = new Set(workloads.flatMap((w) => containersOf(w).map((c) => c.image)));
  const deploymentNames = new Set(workloads.map((w) => w.metadata.name));

  it('builds on the base and lists only files that exist', () => {
    expect(overlay.resources).toContain('../../base');
    for (const resource of overlay.resources)
      expect(fs.existsSync(path.join(overlayDir, resource)), resource).toBe(true);
  });

  it('retags only images the base uses and scales only workloads the base has', () => {
    for (const image of overlay.images ?? []) expect(baseImages, image.name).toContain(image.name);
    for (const replica of overlay.replicas ?? [])
      expect(deploymentNames, replica.name).toContain(replica.name);
  });

  it("pins the image of every app Kong routes to and scales it, an image target like its app's image", () => {
    const pinned = new Map((overlay.images ?? []).map((image: { name: string }) => [image.name, image]));
    const scaled = new Set((overlay.replicas ?? []).map((replica: { name: string }) => replica.name));
    for (const upstream of clusterUpstreams()) {
      const service = services.find((s) => s.metadata.name === upstream.host)!;
      const deployment = deployments.find((d) =>
        Object.entries(service.spec!.selector).every(
          ([k, v]) => d.spec?.template?.metadata?.labels?.[k] === v,
        ),
      )!;
      expect(pinned.has(containersOf(deployment)[0].image), upstream.host).toBe(true);
      expect(scaled.has(deployment.metadata.name), upstream.host).toBe(true);
    }
    // another target of its app's build (public-site's, for the page server): the same registry and tag
    type Pin = { newName?: string; newTag?: string };
    for (const [name, target] of Object.entries(imageTargets)) {
      const own = pinned.get(`paycadence/${name}`) as Pin | undefined;
      const app = pinned.get(`paycadence/${target.app}`) as Pin | undefined;
      expect(own?.newTag, name).toBeDefined();
      expect(own?.newTag, name).toBe(app?.newTag);
      expect(own?.newName, name).toBe(`${path.posix.dirname(app?.newName ?? '')}/${name}`);
    }
  });

  it('patches only objects of the base, with schema-valid fields', () => {
    for (const patch of overlay.patches ?? []) {
      if (patch.target) {
        // An inline JSON patch of every object of a kind (the autoscalers' minimum): applied here to each.
        const targets = objects.filter(
          (o) => o.object.kind === patch.target.kind && o.object.apiVersion === `${patch.target.group}/${patch.target.version}`,
        );
        expect(targets.length, patch.target.kind).toBeGreaterThan(0);
        for (const { object } of targets) {
          const patched = structuredClone(object) as Parsed;
          for (const op of parse(patch.patch) as Array<{ op: string; path: string; value: unknown }>) {
            expect(op.op, `${object.metadata.name} ${op.path}`).toBe('replace');
            const keys = op.path.split('/').slice(1);
            const parent = keys.slice(0, -1).reduce((at, key) => at[key], patched);
            expect(parent[keys.at(-1)!], `${object.metadata.name} has ${op.path}`).toBeDefined();
            parent[keys.at(-1)!] = op.value;
          }
          expect(() => new (modelFor(object.apiVersion, object.kind))(patched).validate()).not.toThrow();
        }
        continue;
      }
      const patchObject: K8sObject = readYaml(path.join(overlayDir, patch.path));
      const target = objects.find(
        (o) => o.object.kind === patchObject.kind && o.object.metadata.name === patchObject.metadata.name,
      );
      expect(target, patch.path).toBeDefined();
      const Model = modelFor(patchObject.apiVersion, patchObject.kind);
      const merged = { ...target!.object, spec: { ...target!.object.spec, ...patchObject.spec } };
      expect(() => new Model(merged).validate()).not.toThrow();
    }
  });

  it.each(
    (overlay.resources as string[])
      .filter((r) => r.endsWith('.yaml'))
      .map((r) => [r, readYaml(path.join(overlayDir, r)) as K8sObject]),
  )('%s is valid against the Kubernetes schema', (_file, object) => {
    const Model = modelFor(object.apiVersion, object.kind);
    expect(() => new Model(object).validate()).not.toThrow();
  });
});
