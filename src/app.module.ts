import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
// Loaded first: the OpenAPI document lists the schemas in the order their modules load.
import { RecordsModule } from './records/records.module.js';
import { BotsModule } from './bots/bots.module.js';
import { BenchModule } from './bench/bench.module.js';
import { CollusionModule } from './collusion/collusion.module.js';
import { AuthGuard, CallerResolver, TOKEN_OWNER } from './common/auth.js';
import { TokenRevocations } from './common/token-revocations.js';
import { ProblemFilter } from './common/problem.filter.js';
import { PlayerRateLimit } from './common/rate-limit.js';
import { validateEnv, type Settings } from './config/env.js';
import { SETTINGS } from './config/settings.provider.js';
import { DatabaseModule } from './database/database.module.js';
import { GamesModule } from './games/games.module.js';
import { HandsModule } from './hands/hands.module.js';
import { HealthModule } from './health/health.module.js';
import { LedgersModule } from './ledgers/ledgers.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { playerByTokenHash, touchSession } from './players/session-store.js';
import { PlayersModule } from './players/players.module.js';
import { RatingsModule } from './ratings/ratings.module.js';
import { TablesModule } from './tables/tables.module.js';

@Module({})
export class AppModule {
  /** The app for validated settings (main.ts resolves the database before calling this). */
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, validate: validateEnv }),
        DatabaseModule,
        PlayersModule,
        TablesModule,
        GamesModule,
        BotsModule,
        HandsModule,
        LedgersModule,
        RecordsModule,
        CollusionModule,
        RatingsModule,
        HealthModule,
        ...(settings.benchEndpoints ? [BenchModule] : []),
        ...(settings.metricsToken ? [MetricsModule] : []),
      ],
      providers: [
        { provide: SETTINGS, useValue: settings },
        { provide: TOKEN_OWNER, useValue: { byHash: playerByTokenHash, touch: touchSession } },
        CallerResolver,
        TokenRevocations,
        PlayerRateLimit,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ProblemFilter },
      ],
      exports: [SETTINGS, CallerResolver, TokenRevocations, PlayerRateLimit],
    };
  }
}
