import { Module } from '@nestjs/common';
import { HandsModule } from '../hands/hands.module.js';
import { TablesModule } from '../tables/tables.module.js';
import { collectNodeMetrics } from './counters.js';
import { LiveGauges } from './live-gauges.js';
import { MetricsController } from './metrics.controller.js';

/** `GET /metrics` (Prometheus); mounted only with METRICS_TOKEN set (app.module.ts). */
@Module({
  imports: [HandsModule, TablesModule],
  controllers: [MetricsController],
  providers: [LiveGauges],
})
export class MetricsModule {
  constructor() {
    collectNodeMetrics();
  }
}
