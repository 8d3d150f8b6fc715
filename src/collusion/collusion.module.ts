import { Module } from '@nestjs/common';
import { CollusionController } from './collusion.controller.js';
import { CollusionService } from './collusion.service.js';

/** The doubling-collusion audit (docs/audit.md): `GET /audit/collusion`, `GET /hands/{id}/audit`. */
@Module({ controllers: [CollusionController], providers: [CollusionService] })
export class CollusionModule {}
